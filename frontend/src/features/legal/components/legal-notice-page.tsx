import { useSuspenseQuery } from '@tanstack/react-query';
import { legalInfoQueryOptions, shareCapitalText } from '@/lib/legal-info';
import { LegalPageLayout, LegalSection, legalLinkClass } from './legal-page-layout';

/** « Mentions légales » (LCEN art. 6): who publishes the site and who hosts it, from the configuration. */
export function LegalNoticePage() {
  const { data } = useSuspenseQuery(legalInfoQueryOptions());
  const { seller, host } = data;
  return (
    <LegalPageLayout title="Mentions légales">
      <LegalSection title="Éditeur du site">
        <p>
          {seller.name} {seller.legalForm}
          {shareCapitalText(seller)}
        </p>
        <p>Siège social : {seller.address}</p>
        <p>
          SIREN : {seller.siren} · SIRET : {seller.siret}
        </p>
        <p>{seller.rcs}</p>
        <p>Numéro de TVA intracommunautaire : {seller.vatNumber}</p>
        <p>
          Contact :{' '}
          <a href={`mailto:${seller.email}`} className={`${legalLinkClass} underline`}>
            {seller.email}
          </a>
        </p>
        <p>
          Directeur de la publication : le représentant légal de {seller.name} {seller.legalForm}.
        </p>
      </LegalSection>
      <LegalSection title="Hébergement">
        <p>{host.name}</p>
        <p>{host.address}</p>
      </LegalSection>
      <LegalSection title="Données personnelles">
        <p>
          Le traitement de vos données est décrit dans notre{' '}
          <a href="/politique-confidentialite" className={`${legalLinkClass} underline`}>
            politique de confidentialité
          </a>
          .
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
