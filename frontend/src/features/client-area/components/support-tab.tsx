import { type OrderView } from '@coseso/domain/orders/order-view';
import { CONVERSATION_LIMITS } from '@coseso/domain/orders/decider/conversation.decider';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '@/lib/api';
import { usePostMessage } from '@/lib/conversation/conversation';
import { Button } from '@/ui/button';
import { Textarea } from '@/ui/textarea';
import { buttonClasses } from '@/ui/button';
import { textLinkClasses } from '@/ui/text-link';
import { agencyContact } from '@coseso/domain/shared/agency-contact';

const card = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const newTab = <span className="sr-only"> (nouvel onglet)</span>;

interface SupportTabProps {
  /** The order selected in the area: a ticket is a message to the team about it. */
  order?: OrderView;
  onOpenMessages: () => void;
}

/** The support tab (spec §2.2): a ticket to the team, appointments, legal documents, contacts. */
export function SupportTab({ order, onOpenMessages }: SupportTabProps) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="help-title" className={card}>
        <h2 id="help-title" className="text-lg font-semibold text-slate-900">
          Ouvrir un ticket
        </h2>
        {order ? (
          <SupportTicketForm order={order} onOpenMessages={onOpenMessages} />
        ) : (
          <p className="text-sm text-slate-600">
            Une question, un souci ? Écrivez-nous à{' '}
            <a href={`mailto:${agencyContact.supportEmail}`} className={textLinkClasses}>
              {agencyContact.supportEmail}
            </a>
            .
          </p>
        )}
      </section>
      <section aria-labelledby="appointment-title" className={card}>
        <h2 id="appointment-title" className="text-lg font-semibold text-slate-900">
          Prendre rendez-vous
        </h2>
        <p className="text-sm text-slate-600">
          Réservez un échange en visio avec notre équipe, au créneau qui vous convient.
        </p>
        <a
          href={agencyContact.appointment}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start' })}
        >
          Choisir un créneau{newTab}
        </a>
      </section>
      <section aria-labelledby="legal-title" className={card}>
        <h2 id="legal-title" className="text-lg font-semibold text-slate-900">
          Documents légaux
        </h2>
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            <Link to="/cgu" className={textLinkClasses}>
              Conditions générales de vente
            </Link>
          </li>
          {/* In this tab, as the terms are: their header leads back to the area (its client's name). */}
          <li>
            <Link to="/mentions-legales" className={textLinkClasses}>
              Mentions légales
            </Link>
          </li>
          <li>
            <Link to="/politique-confidentialite" className={textLinkClasses}>
              Politique de confidentialité
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="contact-title" className={card}>
        <h2 id="contact-title" className="text-lg font-semibold text-slate-900">
          Nous contacter
        </h2>
        <dl className="flex flex-col gap-2 text-sm">
          <div>
            <dt className="text-slate-600">Support</dt>
            <dd>
              <a href={`mailto:${agencyContact.supportEmail}`} className={textLinkClasses}>
                {agencyContact.supportEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Commercial</dt>
            <dd>
              <a href={`mailto:${agencyContact.salesEmail}`} className={textLinkClasses}>
                {agencyContact.salesEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Horaires</dt>
            <dd className="text-slate-900">Du lundi au vendredi, de 9h à 18h</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

/**
 * « Ouvrir un ticket »: the client's question goes to the team as a message of the order (marked as
 * a support ticket), answered in its Messages tab and by email.
 */
function SupportTicketForm({ order, onOpenMessages }: { order: OrderView; onOpenMessages: () => void }) {
  const post = usePostMessage('client', order.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const textId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError('Décrivez votre demande.');
    setError(null);
    post.mutate(
      { text, files: [], channel: 'support' },
      {
        onSuccess: () => {
          setText('');
          setSent(true);
        },
        onError: (failure) =>
          setError(
            isApiError(failure) && failure.serverMessage
              ? failure.serverMessage
              : "Votre demande n'a pas pu être envoyée. Veuillez réessayer.",
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        Une question, un souci sur la commande #{order.orderNumber} ? Notre équipe vous répond dans l'onglet
        Messages et vous prévient par email.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          Votre demande
        </label>
        <Textarea
          id={textId}
          value={text}
          maxLength={CONVERSATION_LIMITS.maxTextLength}
          onChange={(event) => {
            setText(event.target.value);
            setSent(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="text-sm text-emerald-800">
          Votre demande est envoyée à l'équipe.{' '}
          <button type="button" onClick={onOpenMessages} className={textLinkClasses}>
            Suivre la conversation
          </button>
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" pending={post.isPending} pendingLabel="Envoi…">
        Envoyer à l'équipe
      </Button>
    </form>
  );
}
