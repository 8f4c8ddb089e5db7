import { type personalFields } from '@coseso/event-schemas/personal-fields';

/** Every event type of the log: the keys of the one declaration that lists them all. */
type EventType = keyof typeof personalFields;

/**
 * Every event type of the log in French words, for the team: the explorer's filter and rows, the
 * panel, the history. The one list both the server and the SPA read; a new type without its label
 * does not compile.
 */
export const eventTypeLabels = {
  OrderDraftCreated: 'Commande créée',
  WizardStepSaved: 'Formulaire enregistré',
  OrderFormCompleted: 'Formulaire finalisé',
  OrderFormReopened: 'Formulaire rouvert',
  OrderPlaced: 'Commande passée',
  CheckoutStarted: 'Lien de paiement ouvert',
  CheckoutClosed: 'Lien de paiement fermé sans paiement',
  DepositPaid: 'Acompte payé',
  SetupFeePaid: 'Frais de mise en service payés',
  ContractIssued: 'Contrat émis',
  ContractSigned: 'Contrat signé',
  BriefOpened: 'Brief ouvert',
  BriefFileUploaded: 'Fichier du brief ajouté',
  BriefFileDeleted: 'Fichier du brief supprimé',
  BriefSubmitted: 'Brief soumis',
  BriefValidated: 'Brief validé',
  MoreElementsRequested: 'Éléments supplémentaires demandés',
  ProductionStarted: 'Production lancée',
  ReviewRequested: 'Maquette envoyée en révision',
  ChangesRequested: 'Modifications demandées',
  ChangesCompleted: 'Modifications terminées',
  ReviewApproved: 'Maquette validée',
  FinalPaymentRequested: 'Paiement final demandé',
  PaymentLinkResent: 'Lien de paiement renvoyé',
  BalancePaid: 'Solde payé',
  FirstMonthlyPaymentPaid: 'Premier mois payé',
  MarkedReadyForDelivery: 'Prête pour la livraison',
  Delivered: 'Site livré',
  OrderCancelled: 'Commande annulée',
  OrderReactivated: 'Commande réactivée',
  StatusCorrected: 'Statut corrigé',
  PaymentRefunded: 'Paiement remboursé',
  RefundRequested: 'Remboursement demandé',
  PaymentRefused: 'Paiement refusé par la commande, à rembourser',
  RefundFailed: 'Remboursement en échec',
  OrderLinkedToClient: 'Commande rattachée au compte client',
  AccountManagerAdded: 'Chargé de compte ajouté',
  SubscriptionStarted: 'Abonnement démarré',
  SubscriptionRenewed: 'Abonnement renouvelé',
  SubscriptionPaymentFailed: "Échec du paiement de l'abonnement",
  SubscriptionCancelled: 'Abonnement résilié',
  ClientAccountCreated: 'Compte client créé',
  ClientPasswordSet: 'Mot de passe du client défini',
  ClientDataErased: 'Données du client effacées',
  ClientEmailChanged: 'E-mail du client modifié',
  EvidenceBundleExported: 'Dossier de preuves téléchargé',
  OrderContactErased: 'Contact de la commande effacé',
  OrderEmailFailed: 'E-mail en échec',
  UnopenedCheckoutPaid: "Paiement signalé pour un lien que la commande n'a pas ouvert",
  ContactEmailCorrected: 'E-mail du contact corrigé',
  MessagePosted: 'Message envoyé',
  MessagesRead: 'Messages lus',
  InvoiceIssued: 'Facture émise',
  CreditNoteIssued: 'Avoir émis',
  InvoiceCreditReserved: 'Montant à créditer réservé sur une facture',
  CatalogueVersionPublished: 'Version du catalogue publiée',
  TeamMemberAdded: "Membre ajouté à l'équipe",
  TeamMemberRoleChanged: "Rôle d'un membre de l'équipe modifié",
  TeamMemberDeactivated: "Membre de l'équipe désactivé",
  TeamMemberUnlocked: "Connexions d'un membre de l'équipe débloquées",
  AgencyIdentityChanged: "Identité de l'agence modifiée",
} as const satisfies Record<EventType, string>;

/** `type` in French; a type this version does not know says so, with its stored name. */
export const eventTypeLabel = (type: string): string =>
  (eventTypeLabels as Record<string, string>)[type] ?? `Événement inconnu de cette version (${type})`;
