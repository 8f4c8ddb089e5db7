import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { formatEurosHT } from '@coseso/domain/pricing/format-euros';
import { EXPORT_ELIGIBLE_AFTER_YEARS, type PriceGrid } from '@coseso/domain/pricing/pricing-grid';
import { yearlyOffersAt } from '@coseso/domain/pricing/pricing-plans';
import { type ReactNode } from 'react';

const SUPPORT_EMAIL = agencyContact.supportEmail;

const exportDelay =
  EXPORT_ELIGIBLE_AFTER_YEARS === 1 ? 'd’un an' : `de ${EXPORT_ELIGIBLE_AFTER_YEARS}\u00a0ans`;

export interface TermsArticle {
  /** The anchor of the article, linked from the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

/** The terms' articles, their prices those of `grid`: the catalogue version in force. */
export const termsArticles = (grid: PriceGrid): TermsArticle[] => [
  {
    id: 'services',
    title: 'Objet et description des services',
    body: (
      <>
        <p>
          Le Prestataire conçoit et réalise, pour des clients professionnels, des sites internet élaborés à
          partir de modèles (site vitrine, portfolio, site business et boutique en ligne), personnalisés selon
          les informations et les éléments fournis par le Client.
        </p>
        <p>
          La commande est passée intégralement en ligne. Après le premier paiement, un espace client est créé
          et le Client reçoit par courrier électronique un lien pour définir son mot de passe. Le Client signe
          électroniquement son contrat, complète un brief créatif et transmet ses éléments (logo, textes,
          images) depuis son espace client. Le Prestataire réalise alors le site, le soumet au Client sous la
          forme d’un aperçu, procède aux ajustements demandés puis le met en ligne après validation.
        </p>
        <p>
          Selon les choix exprimés lors de la commande, les services peuvent également comprendre
          l’hébergement du site, l’enregistrement d’un nom de domaine, la maintenance et des options
          complémentaires (référencement, formation, site multilingue, création de logo ou de contenus…).
        </p>
      </>
    ),
  },
  {
    id: 'formules-et-prix',
    title: 'Formules et prix',
    body: (
      <>
        <p>
          Les prix sont exprimés en euros hors taxes&nbsp;; la TVA au taux en vigueur ({grid.vatRatePercent}
          &nbsp;%) s’y ajoute. Le prix applicable est celui affiché au récapitulatif de la commande au jour de
          sa validation. Les paiements sont effectués par carte bancaire auprès d’un prestataire de paiement
          sécurisé&nbsp;; le Prestataire ne conserve aucune donnée de carte bancaire.
        </p>
        <p>
          <strong>Paiement annuel.</strong> Le prix annuel, de{' '}
          {formatEurosHT(Math.min(...yearlyOffersAt(grid).map((offer) => offer.priceHT)), {
            decimals: 'auto',
          })}{' '}
          par an pour le site le plus simple, comprend la création du site et une année d’hébergement. Il est
          payable à hauteur de {grid.depositPercent}&nbsp;% à la commande et de {100 - grid.depositPercent}
          &nbsp;% à la livraison, après validation du site par le Client. À l’issue de chaque année, le
          renouvellement est facultatif&nbsp;; il est proposé au même prix annuel, hors prestations faites une
          fois.
        </p>
        <p>
          <strong>Prestations faites une fois.</strong> La création d’un logo ou la rédaction des contenus (
          {formatEurosHT(grid.logoContentPricesHT.ai, { decimals: 'auto' })} par IA,{' '}
          {formatEurosHT(grid.logoContentPricesHT.professional, { decimals: 'auto' })} par un professionnel)
          sont payées une seule fois, avec le premier paiement.
        </p>
        <p>
          <strong>Abonnement mensuel.</strong> Des frais de mise en service sont payables à la commande. La
          mensualité est le prix annuel majoré de {grid.monthlyMarkupPercent}&nbsp;%, réparti sur douze mois.
          L’abonnement débute avec le paiement du premier mois, demandé une fois l’aperçu du site validé par
          le Client et avant sa mise en ligne&nbsp;; il est ensuite prélevé chaque mois, à la date
          anniversaire de ce paiement. Il est sans engagement de durée.
        </p>
      </>
    ),
  },
  {
    id: 'resiliation',
    title: 'Durée et résiliation',
    body: (
      <>
        <p>
          <strong>Abonnement mensuel.</strong> L’abonnement est conclu sans engagement. Le Client peut le
          résilier à tout moment depuis son espace client&nbsp;: aucun prélèvement n’est plus effectué et le
          site reste en ligne jusqu’au terme du mois déjà payé.
        </p>
        <p>
          <strong>Paiement annuel.</strong> La formule annuelle n’est pas reconduite d’office&nbsp;: le Client
          qui ne souhaite pas la renouveler n’a aucune démarche à faire, et le site reste en ligne jusqu’au
          terme de l’année payée.
        </p>
        <p>
          Sous réserve de la garantie prévue à l’article 4, aucun remboursement, même partiel, n’est dû au
          titre de la période en cours. Au terme de la période payée, les données du Client sont conservées
          30&nbsp;jours supplémentaires, délai pendant lequel il peut en demander la restitution, puis elles
          sont supprimées.
        </p>
        <p>
          En cas de manquement grave du Client à ses obligations, notamment en cas de défaut de paiement, le
          Prestataire peut résilier le contrat après une mise en demeure restée sans effet.
        </p>
      </>
    ),
  },
  {
    id: 'droit-de-retractation',
    title: 'Droit de rétractation et garantie',
    body: (
      <>
        <p>
          Les services du Prestataire sont destinés aux professionnels et conclus pour les besoins de leur
          activité. Le droit de rétractation prévu par le Code de la consommation en faveur des consommateurs
          ne leur est donc pas applicable.
        </p>
        <p>
          Le Prestataire accorde toutefois au Client une garantie commerciale «&nbsp;satisfait ou
          remboursé&nbsp;»&nbsp;: pendant les 14&nbsp;jours qui suivent sa commande, le Client peut en
          demander l’annulation par courrier électronique adressé à {SUPPORT_EMAIL} et obtenir le
          remboursement intégral des sommes versées.
        </p>
      </>
    ),
  },
  {
    id: 'propriete-intellectuelle',
    title: 'Propriété intellectuelle',
    body: (
      <>
        <p>
          En paiement annuel ou unique, le Client devient propriétaire du site réalisé pour lui à sa
          livraison, sous réserve du paiement intégral du prix. En abonnement mensuel, le site est mis à la
          disposition du Client pendant toute la durée de l’abonnement&nbsp;; le Client peut en demander
          l’export à l’issue d’un délai {exportDelay} suivant la finalisation de sa commande.
        </p>
        <p>
          Les modèles, le code, les outils et le savoir-faire du Prestataire demeurent sa propriété exclusive.
          Le Client bénéficie d’un droit d’utilisation de ces éléments dans la seule mesure nécessaire à
          l’exploitation de son site.
        </p>
        <p>
          Le Client garantit détenir l’ensemble des droits sur les éléments qu’il transmet (logo, textes,
          images, marques) et concède au Prestataire le droit de les reproduire et de les adapter pour les
          seuls besoins de la réalisation et de l’hébergement de son site. Il garantit le Prestataire contre
          toute réclamation de tiers à ce titre.
        </p>
      </>
    ),
  },
  {
    id: 'donnees-personnelles',
    title: 'Protection des données personnelles',
    body: (
      <>
        <p>
          Le Prestataire traite les données personnelles du Client et de ses interlocuteurs (identité,
          coordonnées, informations relatives à l’entreprise, à la commande et à la facturation) en qualité de
          responsable de traitement, conformément au règlement (UE) 2016/679 (RGPD) et à la loi n°&nbsp;78-17
          du 6 janvier 1978 modifiée. Ces traitements ont pour finalités l’exécution du contrat, la
          facturation, l’assistance et, avec l’accord du Client, l’envoi d’informations commerciales.
        </p>
        <p>
          Les données sont conservées pendant toute la durée de la relation contractuelle, puis pendant
          5&nbsp;ans à compter de la fin du contrat. Elles ne sont communiquées qu’aux prestataires
          nécessaires à l’exécution des services (paiement, hébergement, envoi de courriers électroniques),
          tenus à une stricte confidentialité.
        </p>
        <p>
          Le Client dispose d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité
          et d’opposition, qu’il exerce en écrivant à {SUPPORT_EMAIL}. Il peut également introduire une
          réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL).
        </p>
      </>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité',
    body: (
      <>
        <p>
          Le Prestataire est tenu d’une obligation de moyens. Il ne saurait être tenu responsable des contenus
          fournis par le Client, d’une utilisation du site non conforme à sa destination, ni des dommages
          indirects tels que perte de chiffre d’affaires, de clientèle ou de données.
        </p>
        <p>
          En tout état de cause, la responsabilité du Prestataire, toutes causes confondues, est limitée au
          montant des sommes effectivement payées par le Client au cours des 12&nbsp;mois précédant le fait
          générateur de sa réclamation.
        </p>
      </>
    ),
  },
  {
    id: 'force-majeure',
    title: 'Force majeure',
    body: (
      <p>
        Aucune des parties ne pourra être tenue responsable d’un manquement à ses obligations résultant d’un
        cas de force majeure au sens de l’article 1218 du Code civil. L’exécution des obligations concernées
        est suspendue pendant la durée de l’empêchement. Si l’empêchement est définitif, le contrat est résolu
        de plein droit et les parties sont libérées de leurs obligations.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modification des conditions',
    body: (
      <p>
        Le Prestataire peut modifier les présentes conditions générales. Toute modification est portée à la
        connaissance du Client par courrier électronique au moins 30&nbsp;jours avant son entrée en vigueur.
        Le Client qui refuse les nouvelles conditions peut résilier sa formule avant leur entrée en vigueur,
        dans les conditions de l’article 3. Chaque commande reste régie par les conditions en vigueur à sa
        date.
      </p>
    ),
  },
  {
    id: 'litiges',
    title: 'Droit applicable et litiges',
    body: (
      <p>
        Les présentes conditions générales sont soumises au droit français. En cas de différend, les parties
        s’efforcent de trouver une solution amiable avant toute action judiciaire. À défaut d’accord, tout
        litige relatif à leur formation, à leur interprétation ou à leur exécution relève de la compétence
        exclusive des tribunaux de Paris.
      </p>
    ),
  },
];
