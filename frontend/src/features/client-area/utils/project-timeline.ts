import { type OrderView } from '@coseso/domain/orders/order-view';
import { isMonthly } from './dashboard-tabs';

/** One event of the order's history, as `GET /api/client/orders/:id/timeline` answers it. */
export interface TimelineEvent {
  type: string;
  occurredAt: string;
}

export type ProjectStepKey =
  'payment' | 'brief' | 'development' | 'revisions' | 'final-payment' | 'delivery' | 'support';

export interface ProjectStep {
  key: ProjectStepKey;
  title: string;
  description: string;
  /** When the log says the step was reached (the latest of its events), or null. */
  date: string | null;
  state: 'done' | 'current' | 'upcoming';
}

interface StepDefinition {
  key: ProjectStepKey;
  title: string;
  description: string;
  reachedBy: readonly string[];
  /** Events after which the step counts as not reached again (e.g. more elements asked for). */
  undoneBy?: readonly string[];
}

const steps = (monthly: boolean): StepDefinition[] => [
  {
    key: 'payment',
    title: monthly ? 'Frais de mise en service' : "Paiement de l'acompte",
    description: 'Votre premier paiement lance le projet.',
    reachedBy: ['DepositPaid', 'SetupFeePaid'],
  },
  {
    key: 'brief',
    title: 'Brief et contenus',
    description: 'Vous nous envoyez vos fichiers (logo, textes, arborescence) puis soumettez le brief.',
    reachedBy: ['BriefSubmitted'],
    undoneBy: ['MoreElementsRequested'],
  },
  {
    key: 'development',
    title: 'Développement',
    description: 'Notre équipe crée votre site à partir de votre brief.',
    reachedBy: ['ProductionStarted'],
  },
  {
    key: 'revisions',
    title: 'Tests et révisions',
    description: 'Vous relisez la maquette, demandez des modifications ou la validez.',
    reachedBy: ['ReviewRequested', 'ChangesCompleted', 'ReviewApproved'],
  },
  monthly
    ? {
        key: 'final-payment',
        title: 'Premier mois et abonnement',
        description: 'Le premier mois démarre votre abonnement mensuel.',
        reachedBy: ['FirstMonthlyPaymentPaid', 'SubscriptionStarted'],
      }
    : {
        key: 'final-payment',
        title: 'Paiement du solde',
        description: 'Le solde de 50 % est dû une fois la maquette validée.',
        reachedBy: ['BalancePaid'],
      },
  {
    key: 'delivery',
    title: 'Livraison',
    description: 'Votre site est mis en ligne.',
    reachedBy: ['Delivered'],
  },
  {
    key: 'support',
    title: 'Support et maintenance',
    description: monthly
      ? 'Nous restons à vos côtés tant que dure votre abonnement.'
      : 'Nous restons à vos côtés : 30 jours de support garantis après la livraison.',
    reachedBy: ['Delivered'],
  },
];

/** When each step was reached, from the order's events: the latest of its events, unless undone since. */
function reachedAt(step: StepDefinition, events: readonly TimelineEvent[]): string | null {
  let date: string | null = null;
  for (const event of events) {
    if (step.reachedBy.includes(event.type)) date = event.occurredAt;
    else if (step.undoneBy?.includes(event.type)) date = null;
  }
  return date;
}

/**
 * The project's vertical timeline, made from the order's events (never dated by hand): each step
 * reached shows its date; the first one not reached yet is the current one.
 */
export function projectSteps(
  order: Pick<OrderView, 'billingCycle' | 'price'>,
  events: readonly TimelineEvent[],
): ProjectStep[] {
  const dated = steps(isMonthly(order)).map((step) => ({ step, date: reachedAt(step, events) }));
  const lastReached = dated.findLastIndex(({ date }) => date !== null);
  return dated.map(({ step, date }, index) => ({
    key: step.key,
    title: step.title,
    description: step.description,
    date,
    state: date !== null || index < lastReached ? 'done' : index === lastReached + 1 ? 'current' : 'upcoming',
  }));
}
