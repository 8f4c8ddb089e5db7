import { isMonthly } from './billing-rhythm.js';
import { type OrderStatus } from './order-status.js';
import { type OrderView } from './order-view.js';

/**
 * Where the order is, as the client area tells it: the project's steps, the current one, the status
 * badge and the project tab's red dot, all read from the order's status (the state the back-office
 * moves), never from which events happened last. A correction that sends the order back moves the
 * client's current step back with it.
 */

export type ClientStepKey =
  'payment' | 'brief' | 'development' | 'revisions' | 'final-payment' | 'delivery' | 'support';
/** `stopped`: a step a cancelled order will not reach (never « à venir »). */
export type ClientStepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface ClientStep {
  readonly key: ClientStepKey;
  readonly title: string;
  readonly description: string;
  /** When the step was completed, from the log; shown for a step done only. */
  readonly date: string | null;
  readonly state: ClientStepState;
}

/** One event of the order's history, as `GET /api/client/orders/:id/timeline` answers it. */
export interface JourneyEvent {
  readonly type: string;
  readonly occurredAt: string;
}

type JourneyFacts = Pick<OrderView, 'status' | 'depositPaid' | 'reviewStatus' | 'billingCycle' | 'price'> &
  Partial<Pick<OrderView, 'hostingOptions'>>;

export { isMonthly };

/** The step each status is at; `null` for a cancelled order, which is at none. */
const stepOfStatus: Record<OrderStatus, ClientStepKey | null> = {
  pending: 'payment',
  contract_ready_for_signature: 'payment', // until the first payment: see currentClientStep
  contract_signed: 'brief',
  brief_pending: 'brief',
  brief: 'brief',
  in_progress: 'development',
  en_revision: 'revisions',
  revision_changes_requested: 'revisions',
  awaiting_balance_payment: 'final-payment',
  awaiting_first_monthly_payment: 'final-payment',
  ready_for_delivery: 'delivery',
  delivered: 'support',
  cancelled: null,
};

/** The step the order is at now: the first payment made, it is at the brief; a preview approved, at the final payment. */
export function currentClientStep({
  status,
  depositPaid,
  reviewStatus,
}: Pick<OrderView, 'status' | 'depositPaid' | 'reviewStatus'>): ClientStepKey | null {
  if (status === 'contract_ready_for_signature' && depositPaid) return 'brief';
  if (status === 'en_revision' && reviewStatus === 'approved') return 'final-payment';
  return stepOfStatus[status];
}

interface StepDefinition {
  readonly key: ClientStepKey;
  readonly title: string;
  readonly description: string;
  /** The events that complete the step (the latest one dates it). */
  readonly completedBy: readonly string[];
}

/**
 * What support and maintenance the client has after delivery, as the catalogue sells them: included
 * in the Coseso hosting (HOSTING_INCLUDES) for as long as it is paid; a site hosted by the client
 * has the 30 days of support of the yearly plan (spec §9).
 */
const supportText = (monthly: boolean, selfHosted: boolean) =>
  selfHosted
    ? 'Vous hébergez votre site : notre support reste à vos côtés 30 jours après la livraison.'
    : monthly
      ? 'Hébergement, maintenance et support inclus tant que dure votre abonnement.'
      : "Hébergement, maintenance et support inclus pendant toute l'année payée.";

const stepsOf = (monthly: boolean, selfHosted = false): StepDefinition[] => [
  {
    key: 'payment',
    title: monthly ? 'Frais de mise en service' : "Paiement de l'acompte",
    description: 'Votre premier paiement lance le projet.',
    completedBy: ['DepositPaid', 'SetupFeePaid'],
  },
  {
    key: 'brief',
    title: 'Brief et contenus',
    description:
      'Vous signez le contrat ; notre équipe ouvre votre brief et vous prévient par email. Vous nous envoyez alors vos fichiers (logo, textes, arborescence) et soumettez le brief.',
    completedBy: ['BriefSubmitted'],
  },
  {
    key: 'development',
    title: 'Développement',
    description: 'Notre équipe crée votre site à partir de votre brief.',
    completedBy: ['ReviewRequested'],
  },
  {
    key: 'revisions',
    title: 'Tests et révisions',
    description: 'Vous relisez la maquette, demandez des modifications ou la validez.',
    completedBy: ['ReviewApproved'],
  },
  monthly
    ? {
        key: 'final-payment',
        title: 'Premier mois et abonnement',
        description: 'Le premier mois démarre votre abonnement mensuel.',
        completedBy: ['FirstMonthlyPaymentPaid', 'SubscriptionStarted'],
      }
    : {
        key: 'final-payment',
        title: 'Paiement du solde',
        description: 'Le solde de 50 % est dû une fois la maquette validée.',
        completedBy: ['BalancePaid'],
      },
  {
    key: 'delivery',
    title: 'Livraison',
    description: 'Votre site est mis en ligne.',
    completedBy: ['Delivered'],
  },
  {
    key: 'support',
    title: 'Support et maintenance',
    description: supportText(monthly, selfHosted),
    completedBy: ['Delivered'],
  },
];

const completedAt = (step: StepDefinition, events: readonly JourneyEvent[]): string | null =>
  events.findLast((event) => step.completedBy.includes(event.type))?.occurredAt ?? null;

/**
 * The project's vertical timeline: every step before the order's current one is done (dated by the
 * event that completed it), the current one is in progress, the rest to come. Support starts at
 * delivery and goes on, so a delivered order is « en cours » there, dated from the delivery. A
 * cancelled order has no step in progress: the steps it completed stay done, the others are stopped.
 */
export function clientProjectSteps(order: JourneyFacts, events: readonly JourneyEvent[]): ClientStep[] {
  const steps = stepsOf(isMonthly(order), order.hostingOptions?.hostingType === 'autonomous');
  const current = currentClientStep(order);
  const currentIndex = steps.findIndex((step) => step.key === current);
  return steps.map((step, index) => {
    const date = completedAt(step, events);
    const state: ClientStepState =
      current === null
        ? date !== null
          ? 'done'
          : 'stopped'
        : index < currentIndex
          ? 'done'
          : index === currentIndex
            ? 'current'
            : 'upcoming';
    const shownDate = state === 'done' || (step.key === 'support' && state === 'current') ? date : null;
    return { key: step.key, title: step.title, description: step.description, date: shownDate, state };
  });
}

type LabelFacts = Pick<
  OrderView,
  'status' | 'depositPaid' | 'contractIssued' | 'reviewStatus' | 'billingCycle'
>;

/** The status badge of the client area: the client's words for where the order is, not the team's. */
export function clientStatusLabel(order: LabelFacts): string {
  switch (order.status) {
    case 'pending':
      return 'Commande à compléter';
    case 'contract_ready_for_signature':
      if (!order.depositPaid) return 'Paiement requis';
      return order.contractIssued ? 'Contrat à signer' : 'Contrat en préparation';
    case 'contract_signed':
      return 'Contrat signé';
    case 'brief_pending':
      return 'Brief à envoyer';
    case 'brief':
      return 'Brief envoyé';
    case 'in_progress':
      return 'En développement';
    case 'en_revision':
      return order.reviewStatus === 'approved' ? 'Maquette validée' : 'Maquette à relire';
    case 'revision_changes_requested':
      return 'Modifications en cours';
    case 'awaiting_balance_payment':
      return 'Solde à régler';
    case 'awaiting_first_monthly_payment':
      return 'Premier mois à régler';
    case 'ready_for_delivery':
      return 'En attente de livraison';
    case 'delivered':
      return 'Site livré';
    case 'cancelled':
      return 'Commande annulée';
    default: {
      const _exhaustive: never = order.status;
      return _exhaustive;
    }
  }
}

/**
 * The red dot of the project tab (spec §2.2): the client has something to do there now, a preview
 * to review (not yet approved) or the final payment to make.
 */
export function projectNeedsAction({
  status,
  reviewStatus,
}: Pick<OrderView, 'status' | 'reviewStatus'>): boolean {
  return (
    (status === 'en_revision' && reviewStatus !== 'approved') ||
    status === 'awaiting_balance_payment' ||
    status === 'awaiting_first_monthly_payment'
  );
}

/**
 * The team asked for more elements and the client has not sent the brief back yet: the media tab
 * shows the message and its red dot until the client submits the brief again.
 */
export const moreElementsAwaited = ({
  status,
  briefSubmittedByClient,
  moreElementsMessage,
}: Pick<OrderView, 'status' | 'briefSubmittedByClient' | 'moreElementsMessage'>): boolean =>
  status === 'brief_pending' && !briefSubmittedByClient && moreElementsMessage !== null;

/**
 * The domain chosen in the wizard is a line of the order's price: paid with the order (yearly: its
 * first year within the yearly plan; monthly: within each month), so never asked for again.
 */
export const domainInPrice = ({ price }: Pick<OrderView, 'price'>): boolean =>
  price?.options.some((option) => option.key === 'domain') ?? false;
