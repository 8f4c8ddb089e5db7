import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import {
  type GuaranteeRefundDecision,
  type OfflinePaymentMeans,
  type PaymentRef,
} from '@coseso/event-schemas/order/order-values';
import { formatEurosTTC } from '../pricing/format-euros.js';
import { isProviderRefund } from './decider/payment.decider.js';
import { emailLabel } from './email-failures.js';
import { stateFieldLabel } from './order-state-facts.js';
import { briefFileCategoryLabel } from './order-value-labels.js';
import { adminStatusLabels } from './order-status.js';
import { paymentPurposeLabels, refundPurposeLabels } from './payment-labels.js';

/** A payment's amount, VAT included, and for one received by hand its reference and day. */
/** How an offline payment came in, as the history says it. */
export const offlineMeansLabels: Record<OfflinePaymentMeans, string> = {
  transfer: 'virement',
  cheque: 'chèque',
  cash: 'espèces',
};

const guaranteeRefundNotes: Record<GuaranteeRefundDecision, string> = {
  requested: ' — garantie de 14 jours : paiements par carte remboursés par le prestataire',
  declined: ' — garantie de 14 jours : aucun remboursement (choix de l’équipe)',
  none_due: '',
  legacy: '',
};

const paid = (data: { amount: number; payment: PaymentRef }) => {
  const { payment } = data;
  const offline =
    payment.provider === 'offline'
      ? ` (${payment.means ? offlineMeansLabels[payment.means] : 'hors ligne'}, référence ${payment.paymentId}${payment.receivedOn ? `, reçu le ${frenchDay(payment.receivedOn)}` : ''})`
      : '';
  return `${formatEurosTTC(data.amount)}${offline}`;
};

/** 2026-11-20 → 20/11/2026. */
const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** The form's fields a save changed, by their French names (a field not named yet says so). */
const fields = (changes: object) => {
  const names = [
    ...new Set(Object.keys(changes).map((field) => stateFieldLabel(`form.${field}`) ?? 'autre champ')),
  ];
  return names.length === 0 ? '' : ` (${names.join(', ')})`;
};

/**
 * One French line per event, for the order timeline, the replay and the auditors' views. `by` names
 * who did it, for the lines that say it (the reader knows names, the domain does not).
 */
export function describeOrderEvent(event: OrderEvent, by?: string): string {
  switch (event.type) {
    case 'OrderDraftCreated':
      return `Commande #${event.data.orderNumber} créée`;
    case 'WizardStepSaved': {
      const step = event.data.currentStep ? `étape ${event.data.currentStep}` : 'formulaire';
      return `Formulaire enregistré : ${step}${fields(event.data.changes)}`;
    }
    case 'OrderFormCompleted':
      return `Formulaire finalisé : ${event.data.price.displayText}`;
    case 'OrderPlaced':
      return `Commande passée (${event.data.billingPeriod === 'monthly' ? 'paiement mensuel' : 'paiement annuel'})`;
    case 'OrderFormReopened':
      return 'Formulaire modifié après finalisation : à finaliser de nouveau';
    case 'DepositPaid':
      return `Acompte payé : ${paid(event.data)}`;
    case 'SetupFeePaid':
      return `Frais de mise en service payés : ${paid(event.data)}`;
    case 'ContractSigned':
      return `Contrat signé par ${event.data.signerName}`;
    case 'BriefOpened':
      return 'Brief ouvert : en attente des éléments du client';
    case 'BriefFileUploaded':
      return `Fichier ajouté : ${event.data.originalName} (${briefFileCategoryLabel(event.data.category)})`;
    case 'BriefFileDeleted':
      return 'Fichier supprimé';
    case 'BriefSubmitted':
      return event.data.nothingToSend
        ? 'Brief soumis sans fichier'
        : `Brief soumis avec ${event.data.fileCount} fichier(s)`;
    case 'BriefValidated':
      return event.data.notes ? `Brief validé : ${event.data.notes}` : 'Brief validé';
    case 'MoreElementsRequested':
      return `Éléments supplémentaires demandés : ${event.data.message}`;
    case 'ProductionStarted':
      return 'Production lancée';
    case 'ReviewRequested':
      return `Maquette envoyée pour révision (tour ${event.data.round}) : ${event.data.reviewUrl}`;
    case 'ChangesRequested':
      return `Modifications demandées : ${event.data.feedback}`;
    case 'ChangesCompleted':
      return `Modifications terminées, nouvelle version (tour ${event.data.round}) : ${event.data.reviewUrl}`;
    case 'ReviewApproved':
      return `Maquette validée par le client (tour ${event.data.round})${event.data.reviewUrl ? ` : ${event.data.reviewUrl}` : ''}`;
    case 'PaymentLinkResent':
      return event.data.kind === 'balance'
        ? `Lien de paiement du solde renvoyé au client : ${formatEurosTTC(event.data.amount)}`
        : `Lien de paiement du premier mois renvoyé au client : ${formatEurosTTC(event.data.amount)}`;
    case 'FinalPaymentRequested':
      return event.data.kind === 'balance'
        ? `Solde demandé : ${formatEurosTTC(event.data.amount)}`
        : `Premier mois demandé : ${formatEurosTTC(event.data.amount)}`;
    case 'BalancePaid':
      return `Solde payé : ${paid(event.data)}`;
    case 'FirstMonthlyPaymentPaid':
      return `Premier mois payé : ${paid(event.data)}`;
    case 'MarkedReadyForDelivery':
      return 'Prêt pour la livraison';
    case 'Delivered':
      return `Site livré : ${event.data.siteUrl}`;
    case 'OrderCancelled':
      return `${event.data.reason ? `Commande annulée : ${event.data.reason}` : 'Commande annulée'}${guaranteeRefundNotes[event.data.guaranteeRefund]}`;
    case 'OrderReactivated': {
      const owed = [
        event.data.firstPaymentOwed ? 'premier paiement dû à nouveau' : null,
        event.data.finalPaymentOwed ? 'paiement final dû à nouveau' : null,
      ].filter(Boolean);
      return `Commande réactivée${event.data.reason ? ` : ${event.data.reason}` : ''} — reprise en « ${adminStatusLabels[event.data.status]} »${owed.length > 0 ? ` (${owed.join(', ')})` : ''}`;
    }
    case 'StatusCorrected':
      return `Correction : ${adminStatusLabels[event.data.from]} → ${adminStatusLabels[event.data.to]} (${event.data.reason})`;
    case 'SubscriptionStarted':
      return `Abonnement démarré : ${formatEurosTTC(event.data.monthlyAmount)} par mois`;
    case 'SubscriptionRenewed':
      return `Abonnement renouvelé : ${formatEurosTTC(event.data.amount)}`;
    case 'SubscriptionPaymentFailed':
      return event.data.reason
        ? `Échec de paiement de l'abonnement : ${event.data.reason}`
        : "Échec de paiement de l'abonnement";
    case 'SubscriptionCancelled':
      return event.data.endedWithOrder
        ? "Abonnement arrêté avec l'annulation de la commande"
        : `Abonnement annulé, actif jusqu'au ${frenchDay(event.data.expiresAt.slice(0, 10))}`;
    case 'CheckoutStarted':
      return `Lien de paiement créé (${paymentPurposeLabels[event.data.purpose]}) : ${formatEurosTTC(event.data.amount)}`;
    case 'CheckoutClosed':
      return `Paiement non abouti (${paymentPurposeLabels[event.data.purpose]}) : ${
        event.data.outcome === 'failed' ? 'paiement refusé' : 'lien expiré'
      }`;
    case 'PaymentRefunded':
      if (isProviderRefund(event.data.reason))
        return `${event.data.reason} (${refundPurposeLabels[event.data.purpose]}) : ${formatEurosTTC(event.data.amount)}, un avoir corrige sa facture`;
      return `Paiement remboursé (${refundPurposeLabels[event.data.purpose]}) : ${formatEurosTTC(event.data.amount)}, payé sur un lien qui ne valait plus (${event.data.reason})${event.data.purpose === 'first_month' ? ", l'abonnement qu'il ouvrait est résilié" : ''}`;
    case 'RefundRequested':
      return `Remboursement demandé au prestataire (${refundPurposeLabels[event.data.purpose]}) : ${formatEurosTTC(event.data.amount)} — ${event.data.reason}`;
    case 'PaymentRefused':
      return `Paiement refusé (${paymentPurposeLabels[event.data.purpose]}) : ${formatEurosTTC(event.data.amount)}, payé sur un lien qui ne valait plus (${event.data.reason}) ; il est remboursé par le prestataire`;
    case 'RefundFailed':
      return `Remboursement de ${formatEurosTTC(event.data.amount)} non effectué par le prestataire après ${event.data.attempts} tentative${event.data.attempts > 1 ? 's' : ''} : ${event.data.error}`;
    case 'ContractIssued':
      return 'Contrat établi, prêt à signer';
    case 'OrderLinkedToClient':
      return 'Commande rattachée au compte client';
    case 'AccountManagerAdded':
      return `Chargé de compte ajouté : ${paid(event.data)}`;
    case 'ContactEmailCorrected':
      return `Email du contact corrigé : ${event.data.email} (${event.data.reason})`;
    case 'OrderContactErased':
      return `Données du contact effacées : ${event.data.reason}`;
    case 'UnopenedCheckoutPaid':
      return `Paiement de ${formatEurosTTC(event.data.amount)} signalé par le fournisseur pour un lien que la commande n'a pas ouvert : non enregistré`;
    case 'OrderEmailFailed':
      return `Email « ${emailLabel(event.data.template)} » non remis après ${event.data.attempts} tentative${event.data.attempts > 1 ? 's' : ''}`;
    case 'EvidenceBundleExported':
      return `Dossier de preuves exporté${by ? ` par ${by}` : ''} (événements n° 0 à ${event.data.lastRevision})`;
    case 'MessagePosted': {
      const from = event.data.author === 'client' ? 'du client' : "de l'équipe";
      const files = event.data.attachments.length;
      const joined =
        files === 0 ? '' : ` avec ${files} pièce${files > 1 ? 's' : ''} jointe${files > 1 ? 's' : ''}`;
      const via = event.data.channel === 'support' ? ' (ticket de support)' : '';
      return `Message ${from} n° ${event.data.seq}${joined}${via}`;
    }
    case 'MessagesRead':
      return `Messages lus par ${event.data.reader === 'client' ? 'le client' : "l'équipe"} jusqu'au n° ${event.data.upTo}`;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The line of an order's history for the erasure of its client's data (an event of the client's stream). */
export const describeClientDataErased = (reason: string): string => `Données du client effacées : ${reason}`;
