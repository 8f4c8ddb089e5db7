import { useSuspenseQuery } from '@tanstack/react-query';
import { legalInfoQueryOptions } from '@/lib/legal-info';
import { LegalPageLayout, LegalSection, legalLinkClass } from './legal-page-layout';

/** « Politique de confidentialité » (RGPD art. 13): who processes what, why, how long, and the rights. */
export function PrivacyPolicyPage() {
  const { data } = useSuspenseQuery(legalInfoQueryOptions());
  const { dataController, host, retentionYears } = data;
  const mail = (
    <a href={`mailto:${dataController.email}`} className={`${legalLinkClass} underline`}>
      {dataController.email}
    </a>
  );
  return (
    <LegalPageLayout title="Politique de confidentialité">
      <LegalSection title="Responsable du traitement">
        <p>
          {dataController.name}, {dataController.address}. Contact pour vos données : {mail}.
        </p>
      </LegalSection>
      <LegalSection title="Données traitées et finalités">
        <p>
          Nous traitons les données que vous saisissez pour commander et suivre votre site : identité et
          coordonnées du contact, informations sur votre entreprise, contenus et fichiers que vous nous
          transmettez, et l’historique de votre commande. Elles servent à exécuter le contrat (réalisation,
          facturation, support) et à respecter nos obligations légales. Les paiements par carte sont traités
          par notre prestataire de paiement : nous ne conservons aucune donnée de carte.
        </p>
      </LegalSection>
      <LegalSection title="Durée de conservation">
        <p>
          Vos données personnelles sont conservées {retentionYears} ans après la fin du contrat. Les factures
          sont conservées 10 ans et le contrat signé pendant la durée de prescription, comme la loi l’exige.
        </p>
      </LegalSection>
      <LegalSection title="Hébergement">
        <p>
          Les données sont hébergées par {host.name}, {host.address}.
        </p>
      </LegalSection>
      <LegalSection title="Vos droits">
        <p>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de
          portabilité de vos données. Pour les exercer, écrivez à {mail}. Vous pouvez aussi introduire une
          réclamation auprès de la CNIL (www.cnil.fr).
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
