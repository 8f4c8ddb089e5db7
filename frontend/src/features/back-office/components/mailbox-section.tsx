import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { type MailboxEmail, MAILBOX_LIMIT, mailboxQueryOptions } from '../api/get-mailbox';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { linkify } from '../utils/linkify';
import { SectionCard, SectionError } from '@/ui/section-card';

export function MailboxSection() {
  const mailbox = useQuery(mailboxQueryOptions());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useForgetSessionOn401(mailbox.error);
  const emails = mailbox.data?.emails ?? [];
  const selected = emails.find((email) => email.id === selectedId) ?? null;

  return (
    <SectionCard
      id="boite-de-test"
      title="Boîte de test"
      description={`Les ${MAILBOX_LIMIT} derniers emails enregistrés au lieu d'être envoyés, du plus récent au plus ancien.`}
      actions={
        <Button
          variant="outline"
          size="sm"
          pending={mailbox.isFetching}
          pendingLabel="Actualisation..."
          onClick={() => void mailbox.refetch()}
        >
          Actualiser
        </Button>
      }
    >
      {mailbox.data ? (
        emails.length === 0 ? (
          <p className="text-sm text-slate-600">
            {mailbox.data.mode === 'smtp'
              ? "En mode SMTP, les emails partent réellement : la boîte de test n'en garde aucun."
              : 'Aucun email dans la boîte de test.'}
          </p>
        ) : (
          <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ul aria-label="Emails reçus" className="flex max-h-[36rem] flex-col gap-2 overflow-y-auto pr-1">
              {emails.map((email) => (
                <li key={email.id}>
                  <EmailListItem
                    email={email}
                    selected={email.id === selectedId}
                    onSelect={() => setSelectedId(email.id)}
                  />
                </li>
              ))}
            </ul>
            {selected ? (
              <EmailDetail email={selected} />
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                Choisissez un email pour le lire.
              </p>
            )}
          </div>
        )
      ) : mailbox.isError ? (
        <SectionError message={serverMessageOr(mailbox.error, 'Impossible de charger la boîte de test.')}>
          <Button variant="outline" size="sm" onClick={() => void mailbox.refetch()}>
            Réessayer
          </Button>
        </SectionError>
      ) : (
        <Spinner label="Chargement de la boîte de test..." className="py-6" />
      )}
    </SectionCard>
  );
}

interface EmailListItemProps {
  email: MailboxEmail;
  selected: boolean;
  onSelect: () => void;
}

function EmailListItem({ email, selected, onSelect }: EmailListItemProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        'flex w-full flex-col gap-1 rounded-xl border px-4 py-3 text-left text-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        selected
          ? 'border-primary-600 bg-primary-50'
          : 'border-slate-200 bg-white hover:border-primary-300 hover:bg-slate-50',
      )}
    >
      <span className="font-semibold text-slate-900 wrap-anywhere">{email.subject}</span>
      <span className="text-slate-600 wrap-anywhere">À : {email.to}</span>
      <span className="flex flex-wrap gap-x-2 text-xs text-slate-500">
        <span>{email.template}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time>
      </span>
    </button>
  );
}

function EmailDetail({ email }: { email: MailboxEmail }) {
  return (
    <article aria-labelledby="email-detail-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="email-detail-title" className="text-base font-semibold text-slate-900 wrap-anywhere">
          {email.subject}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">À</dt>
          <dd className="text-slate-900 wrap-anywhere">{email.to}</dd>
          <dt className="text-slate-600">Modèle</dt>
          <dd className="text-slate-900">{email.template}</dd>
          <dt className="text-slate-600">Envoyé le</dt>
          <dd className="text-slate-900">
            <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time>
          </dd>
        </dl>
      </div>
      <section aria-labelledby="email-text-title" className="flex flex-col gap-2">
        <h4 id="email-text-title" className="text-sm font-semibold text-slate-900">
          Version texte
        </h4>
        <pre className="max-h-96 overflow-auto rounded-xl bg-slate-50 p-4 font-sans text-sm whitespace-pre-wrap text-slate-800 wrap-anywhere">
          {linkify(email.text).map((part, index) =>
            part.kind === 'link' ? (
              <a key={index} href={part.url} target="_blank" rel="noreferrer" className={textLinkClasses}>
                {part.url}
              </a>
            ) : (
              part.text
            ),
          )}
        </pre>
      </section>
      <section aria-labelledby="email-html-title" className="flex flex-col gap-2">
        <h4 id="email-html-title" className="text-sm font-semibold text-slate-900">
          Version HTML
        </h4>
        {/* sandbox="": no script, no form, no navigation out of the frame; the email is shown, not run. */}
        <iframe
          title={`Aperçu HTML : ${email.subject}`}
          sandbox=""
          srcDoc={email.html}
          className="h-[32rem] w-full rounded-xl border border-slate-200 bg-white"
        />
      </section>
    </article>
  );
}
