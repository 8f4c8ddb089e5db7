import { owesFirstPaymentAgain } from './reactivation.js';
import { type AdminActionKey, type AllowedAction, allowedAdminActions } from './admin-actions.js';
import { type OrderState, type StartedCheckout } from './order-state.js';
import { paymentPurposeLabels } from './payment-labels.js';

/** Whose move it is: the team's, the client's (or the visitor's), or nobody's (delivered, cancelled). */
export type NextActor = 'team' | 'client' | 'none';
export const nextActors = ['team', 'client', 'none'] as const satisfies readonly NextActor[];

/** What the client is awaited for. */
export type ClientWait =
  'form' | 'first_payment' | 'signature' | 'brief' | 'review' | 'balance' | 'first_monthly';

/** The order's next step, with whose move it is and since when that move has been awaited. */
export interface NextStep {
  readonly actor: NextActor;
  /** The team's action (one of the back-office's) when the move is the team's. */
  readonly action: AdminActionKey | null;
  /** What the client is awaited for when the move is the client's. */
  readonly wait: ClientWait | null;
  /** What is to be done, in French, without the « À faire » / « En attente » heading. */
  readonly label: string;
  /** The heading and the label, as the list, the board and the panel say it. */
  readonly text: string;
  /** When the move became due (the status entered, the payment made, the preview approved…): the age of the wait. */
  readonly since: string;
  /** The latest payment link of the awaited payment ended without payment: when, and how. */
  readonly paymentFailure: { readonly at: string; readonly outcome: 'failed' | 'expired' } | null;
}

/**
 * The team's actions that move the order forward, in the order the flow reaches them. Signing the
 * contract (the client's) and recording a payment received by hand (the client's money) stay
 * offered to the team, but never make the move the team's.
 */
const teamMoves: readonly AdminActionKey[] = [
  'open_brief',
  'start_production',
  'validate_brief',
  'send_review_link',
  'complete_changes',
  'request_final_payment',
  'finalize_delivery',
];

const clientWaitLabels = (state: OrderState): Record<ClientWait, string> => {
  const monthly = (state.price?.billingPeriod ?? state.form.billingPeriod) === 'monthly';
  return {
    form: 'terminer le formulaire de commande',
    first_payment: monthly ? 'payer les frais de mise en service' : "payer l'acompte",
    signature: 'signer le contrat',
    brief: state.brief.moreElementsMessage ? 'envoyer les éléments demandés' : 'envoyer le brief',
    review: `relire la maquette (version ${Math.max(1, state.review.round)})`,
    balance: 'payer le solde',
    first_monthly: 'payer le premier mois',
  };
};

const latest = (...dates: (string | null | undefined)[]) =>
  dates.filter((d): d is string => Boolean(d)).reduce((a, b) => (a > b ? a : b), '');

/** The client's move in the order's status, if it is theirs. */
function clientWait(state: OrderState): ClientWait | null {
  switch (state.status) {
    case 'pending':
      return 'form';
    case 'contract_ready_for_signature':
      return state.depositPaid ? (state.contract.signed ? null : 'signature') : 'first_payment';
    case 'brief_pending':
      return 'brief';
    case 'en_revision':
      // Approved, the final payment is asked once the first is in: owed again after a reactivation, it is the client's to pay.
      if (state.review.status !== 'approved') return 'review';
      return owesFirstPaymentAgain(state) ? 'first_payment' : null;
    case 'awaiting_balance_payment':
      return 'balance';
    case 'awaiting_first_monthly_payment':
      return 'first_monthly';
    default:
      return null;
  }
}

/** The payment link the client is awaited on, if the wait is a payment's. */
function awaitedCheckout(state: OrderState, wait: ClientWait | null): StartedCheckout | undefined {
  if (wait === 'first_payment') return state.checkouts.deposit ?? state.checkouts.setup_fee;
  if (wait === 'balance') return state.checkouts.balance;
  if (wait === 'first_monthly') return state.checkouts.first_month;
  return undefined;
}

/**
 * The order's next step, by actor: « À faire : … » only when the move is the team's, « En attente
 * du client : … » when it is the client's (signature, brief, review, payment), with the date the
 * wait began. The list, the board, the panel and the client area all read it from here.
 * `actions`: the back-office's allowed actions when already computed (the projector has them).
 */
export function nextStep(
  state: OrderState,
  actions: readonly AllowedAction[] = allowedAdminActions(state),
): NextStep {
  const statusSince = state.statusSince ?? state.createdAt;
  const base = { action: null, wait: null, paymentFailure: null } as const;
  if (state.status === 'delivered')
    return { ...base, actor: 'none', label: 'Livrée', text: 'Livrée', since: statusSince };
  if (state.status === 'cancelled')
    return { ...base, actor: 'none', label: 'Annulée', text: 'Annulée', since: statusSince };

  const wait = clientWait(state);
  if (wait) {
    const checkout = awaitedCheckout(state, wait);
    const paymentFailure =
      checkout?.closed && checkout.closedAt ? { at: checkout.closedAt, outcome: checkout.closed } : null;
    const since =
      wait === 'signature' ? latest(statusSince, state.firstPayment?.paidAt) : statusSince || state.createdAt;
    const label = clientWaitLabels(state)[wait];
    return {
      ...base,
      actor: 'client',
      wait,
      label,
      text: `En attente du client : ${label}`,
      since,
      paymentFailure,
    };
  }

  const move = teamMoves
    .map((key) => actions.find((a) => a.action === key))
    .find((a): a is AllowedAction => a !== undefined);
  if (move) {
    const since =
      move.action === 'request_final_payment'
        ? latest(statusSince, state.review.approval?.approvedAt)
        : move.action === 'start_production'
          ? latest(statusSince, state.brief.validatedAt)
          : statusSince;
    return {
      ...base,
      actor: 'team',
      action: move.action,
      label: move.label,
      text: `À faire : ${move.label}`,
      since,
    };
  }
  // A status with nobody's move would be a dead end: none in the table (the unit test walks every one).
  return { ...base, actor: 'none', label: '—', text: '—', since: statusSince };
}

/** How long the move has been awaited, in whole days, at `now` (0 the same day). */
export const waitDays = (since: string, now: string) =>
  Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 86_400_000));

/** The wait in French: « depuis aujourd’hui », « depuis 1 jour », « depuis 12 jours ». */
export function waitLabel(since: string, now: string): string {
  const days = waitDays(since, now);
  if (days === 0) return "depuis aujourd'hui";
  return `depuis ${days} jour${days > 1 ? 's' : ''}`;
}

/** A payment of the order that failed and is still awaited: what, when, why. */
export interface FailedPayment {
  readonly what: string;
  readonly at: string;
  readonly reason: string;
}

/**
 * The payment awaited from the client whose latest attempt failed (its link ended unpaid), or the
 * subscription's renewal the provider could not charge (until a renewal is paid); null otherwise.
 */
export function failedPayment(state: OrderState, step: NextStep = nextStep(state)): FailedPayment | null {
  if (step.paymentFailure) {
    const purpose =
      step.wait === 'first_payment' ? (state.checkouts.deposit ? 'deposit' : 'setup_fee') : null;
    const what =
      purpose !== null
        ? paymentPurposeLabels[purpose]
        : step.wait === 'balance'
          ? paymentPurposeLabels.balance
          : paymentPurposeLabels.first_month;
    return {
      what,
      at: step.paymentFailure.at,
      reason:
        step.paymentFailure.outcome === 'failed'
          ? 'le paiement a échoué (refusé ou abandonné)'
          : 'le lien de paiement a expiré sans paiement',
    };
  }
  const failure = state.subscription.status === 'active' ? state.subscription.lastFailure : null;
  return failure
    ? {
        what: "renouvellement de l'abonnement",
        at: failure.at,
        reason: failure.reason
          ? `refusé par le prestataire : ${failure.reason}`
          : 'refusé par le prestataire',
      }
    : null;
}

/** The order's next step as the client area says it: the same move as the back-office's, told to the client. */
export interface ClientNextStep {
  /** Whose move it is: `client` is « À vous », `team` is Coseso's, `none` once delivered or cancelled. */
  readonly actor: NextActor;
  /** The sentence, in French, addressed to the client. */
  readonly text: string;
}

/** The team's moves in the client's words: what Coseso does now, and how the client will know. */
const teamMoveForClient = (state: OrderState): Partial<Record<AdminActionKey, string>> => {
  const monthly = (state.price?.billingPeriod ?? state.form.billingPeriod) === 'monthly';
  const payment = monthly ? 'le paiement du premier mois' : 'le paiement du solde';
  return {
    open_brief: 'Notre équipe prépare votre brief : vous recevrez un email dès qu’il est ouvert.',
    validate_brief: 'Notre équipe relit votre brief et revient vers vous si un élément manque.',
    start_production: 'Votre brief est validé : notre équipe lance la création de votre site.',
    send_review_link:
      'Notre équipe crée votre site : vous recevrez un email dès que la maquette est prête à relire.',
    complete_changes:
      'Notre équipe apporte les modifications demandées : vous recevrez un email pour relire la nouvelle version.',
    request_final_payment: `Maquette validée : notre équipe vous envoie la demande pour ${payment}.`,
    finalize_delivery: 'Notre équipe met votre site en ligne : vous recevrez un email dès qu’il est livré.',
  };
};

/** The client's own moves, said to them. */
const clientMoves = (state: OrderState): Record<ClientWait, string> => ({
  form: 'À vous : terminer le formulaire de commande.',
  first_payment: `À vous : ${clientWaitLabels(state).first_payment} pour lancer votre commande.`,
  brief: state.brief.moreElementsMessage
    ? 'À vous : envoyer les éléments que notre équipe a demandés.'
    : 'À vous : envoyer vos éléments et soumettre votre brief.',
  signature: 'À vous : lire et signer votre contrat.',
  review: 'À vous : relire la maquette, puis la valider ou demander des modifications.',
  balance: 'À vous : régler le solde pour la mise en ligne.',
  first_monthly: 'À vous : régler le premier mois pour la mise en ligne.',
});

/**
 * « Prochaine étape » in the client area, from the same nextStep the back-office reads: the client's
 * move (« À vous : … »), or what the team does and how the client will be told.
 */
export function clientNextStep(state: OrderState): ClientNextStep {
  const step = nextStep(state);
  if (step.actor === 'client' && step.wait) return { actor: 'client', text: clientMoves(state)[step.wait] };
  if (step.actor === 'team' && step.action) {
    return {
      actor: 'team',
      text: teamMoveForClient(state)[step.action] ?? 'Notre équipe s’occupe de la suite.',
    };
  }
  if (state.status === 'delivered') return { actor: 'none', text: 'Votre site est livré.' };
  if (state.status === 'cancelled')
    return { actor: 'none', text: 'Commande annulée : plus rien n’est à faire.' };
  return { actor: 'none', text: 'Notre équipe s’occupe de la suite.' };
}
