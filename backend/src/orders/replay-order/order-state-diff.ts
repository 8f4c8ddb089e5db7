import { type OrderState } from '@coseso/domain/orders/order-state';

/** One change between two states of an order, for people: which field, before, after. */
export interface StateChange {
  /** Where in the state, e.g. `form.companyName`. */
  readonly path: string;
  /** Its French name, where the product has one. */
  readonly label: string | null;
  readonly before: unknown;
  readonly after: unknown;
}

const labels: Record<string, string> = {
  exists: 'Commande créée',
  orderNumber: 'Numéro de commande',
  source: 'Origine',
  createdAt: 'Créée le',
  status: 'Statut',
  currentStep: 'Étape du formulaire',
  form: 'Formulaire',
  'form.companyName': "Nom de l'entreprise",
  'form.companySector': "Secteur d'activité",
  'form.companyAddress': 'Adresse',
  'form.companyId': 'SIRET',
  'form.companyDescription': "Description de l'entreprise",
  'form.contactFirstName': 'Prénom',
  'form.contactLastName': 'Nom',
  'form.contactPosition': 'Fonction',
  'form.contactEmail': 'E-mail',
  'form.contactPhone': 'Téléphone',
  'form.socialMedia': 'Réseaux sociaux',
  'form.creationOption': 'Mode de création',
  'form.selectedTemplate': 'Type de site',
  'form.selectedStyle': 'Style',
  'form.fontFamily': 'Police',
  'form.primaryColor': 'Couleur principale',
  'form.secondaryColor': 'Couleur secondaire',
  'form.inspirationUrl': "Site d'inspiration",
  'form.customInspiration': 'Inspiration',
  'form.logoOption': 'Logo',
  'form.contentOption': 'Contenus',
  'form.billingPeriod': 'Rythme de paiement',
  'form.clientRemarks': 'Remarques du client',
  'form.pages': 'Pages',
  'form.additionalOptions': 'Options',
  'form.hostingOptions': 'Hébergement et domaine',
  'form.hostingOptions.hostingType': 'Hébergement',
  'form.hostingOptions.dnsType': 'Nom de domaine',
  'form.hostingOptions.newDomainName': 'Nouveau domaine',
  'form.hostingOptions.domainExtension': 'Extension',
  'form.hostingOptions.existingDomain': 'Domaine existant',
  pricingSelection: 'Offre choisie',
  formCompleted: 'Formulaire finalisé',
  formCompletedAt: 'Formulaire finalisé le',
  placed: 'Commande passée',
  price: 'Prix',
  'price.totalAmount': 'Total HT',
  'price.totalWithVat': 'Total TTC',
  'price.depositAmount': 'Acompte HT',
  'price.depositWithVat': 'Acompte TTC',
  'price.remainingAmount': 'Solde HT',
  'price.remainingWithVat': 'Solde TTC',
  'price.monthlyAmount': 'Mensualité HT',
  'price.monthlyWithVat': 'Mensualité TTC',
  'price.displayText': 'Prix affiché',
  exportEligibleAt: 'Export possible à partir du',
  supportEnabled: 'Support',
  depositPaid: 'Premier paiement reçu',
  firstPayment: 'Premier paiement',
  finalPaymentDue: 'Paiement final dû',
  finalPaid: 'Paiement final reçu',
  finalPayment: 'Paiement final',
  checkouts: 'Liens de paiement',
  clientId: 'Compte client',
  accountManager: 'Chef de projet dédié',
  accountManagerPayment: 'Paiement du chef de projet dédié',
  contract: 'Contrat',
  'contract.issuedSha256': 'Empreinte du contrat émis',
  'contract.issuedAt': 'Contrat émis le',
  'contract.signed': 'Contrat signé',
  'contract.signedAt': 'Contrat signé le',
  'contract.signerName': 'Signataire',
  'contract.documentSha256': 'Empreinte du contrat signé',
  'contract.forced': 'Signature forcée',
  brief: 'Brief',
  'brief.files': 'Fichiers du brief',
  'brief.submitted': 'Brief soumis',
  'brief.submittedAt': 'Brief soumis le',
  'brief.nothingToSend': 'Aucun fichier à envoyer',
  'brief.validated': 'Brief validé',
  'brief.validatedAt': 'Brief validé le',
  'brief.validatedBy': 'Brief validé par',
  'brief.notes': 'Notes sur le brief',
  'brief.moreElementsMessage': 'Éléments demandés au client',
  review: 'Relecture',
  'review.status': 'État de la relecture',
  'review.round': 'Tour de révision',
  'review.url': 'Lien de relecture',
  'review.note': 'Note pour le client',
  'review.feedback': 'Retours du client',
  'review.respondedAt': 'Réponse du client le',
  delivery: 'Livraison',
  'delivery.siteUrl': 'Adresse du site livré',
  'delivery.deliveredAt': 'Livré le',
  subscription: 'Abonnement',
  'subscription.status': "État de l'abonnement",
  'subscription.monthlyWithVat': 'Mensualité TTC',
  'subscription.startedAt': 'Abonnement démarré le',
  'subscription.currentPeriodEnd': 'Fin de la période en cours',
  'subscription.expiresAt': 'Abonnement expire le',
  'subscription.renewalPaymentIds': 'Renouvellements payés',
  'subscription.lastFailure': 'Dernier échec de paiement',
  cancellation: 'Annulation',
};

/** The path's own label, else its nearest parent's with the rest of the path after it. */
function labelOf(path: string): string | null {
  if (labels[path]) return labels[path];
  const parts = path.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = labels[parts.slice(0, n).join('.')];
    if (parent) return `${parent} : ${parts.slice(n).join('.')}`;
  }
  return null;
}

/** Changes on every event, so never worth a line. */
const NOISE = new Set(['lastActivityAt']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function collect(path: string, before: unknown, after: unknown, changes: StateChange[]): void {
  if (NOISE.has(path)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      collect(path ? `${path}.${key}` : key, before[key], after[key], changes);
    return;
  }
  // Lists and values compare whole: "Fichiers du brief" before and after reads better than items.
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  changes.push({ path, label: labelOf(path), before: before ?? null, after: after ?? null });
}

/** What changed from one state of an order to the next, field by field (objects walked into, lists whole). */
export function diffOrderStates(before: OrderState, after: OrderState): StateChange[] {
  const changes: StateChange[] = [];
  collect('', before, after, changes);
  return changes;
}
