import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { textLinkClasses } from '@/ui/text-link';
import { agencyContact } from '@coseso/domain/shared/agency-contact';

const card = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const newTab = <span className="sr-only"> (nouvel onglet)</span>;

/** The support tab (spec §2.2): help centre, appointments, legal documents, contacts. */
export function SupportTab() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="help-title" className={card}>
        <h2 id="help-title" className="text-lg font-semibold text-slate-900">
          Centre d'aide
        </h2>
        <p className="text-sm text-slate-600">
          Une question, un souci ? Ouvrez un ticket : notre équipe vous répond.
        </p>
        <a
          href={agencyContact.helpCentre}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ size: 'sm', className: 'self-start' })}
        >
          Ouvrir un ticket{newTab}
        </a>
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
          <li>
            <a href="/mentions-legales" target="_blank" rel="noopener" className={textLinkClasses}>
              Mentions légales{newTab}
            </a>
          </li>
          <li>
            <a href="/politique-confidentialite" target="_blank" rel="noopener" className={textLinkClasses}>
              Politique de confidentialité{newTab}
            </a>
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
