import { type Actor } from '@coseso/event-schemas/envelope';
import { currentDefinition } from '@coseso/event-schemas/catalog';
import { loadJsonSchemaValidator } from '@coseso/event-schemas/json-schema-validator';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { firstCatalogueGrid } from '../../catalogue/first-version.js';
import { DomainError } from '../../shared/domain-error.js';
import { type OrderCommand, type OrderCommandOf } from '../order-commands.js';
import { finalPaymentDue, firstPaymentDue } from '../decider/payment.decider.js';
import { decide } from '../order-decider.js';
import { type OrderForm } from '../order-form.js';
import { type OrderState, type RecordedOrderEvent, initialOrderState } from '../order-state.js';
import { evolve, foldOrder } from '../order-evolve.js';
import { type OrderStatus } from '../order-status.js';

export const ORDER_ID = '8a7c2f1e-4b5d-4c3e-9f10-112233445566';
export const START = Date.parse('2026-11-22T09:00:00.000Z');
export const minutesLater = (n: number) => new Date(START + n * 60_000).toISOString();

/** A payment's reference at the sandbox provider. */
export const payment = (paymentId: string) => ({ provider: 'sandbox' as const, paymentId });

export const actors = {
  visitor: { kind: 'visitor', id: 'visitor-1' },
  client: { kind: 'client', id: 'client-1' },
  admin: { kind: 'admin', id: 'admin-1' },
  auditor: { kind: 'auditor', id: 'auditor-1' },
  provider: { kind: 'provider', id: 'sandbox' },
  system: { kind: 'system', id: 'reactor' },
} satisfies Record<string, Actor>;

/** A wizard filled in as a visitor would, ready to be completed. */
export const filledForm = (billingPeriod: 'yearly' | 'monthly' = 'yearly'): OrderForm => ({
  companyName: 'Boulangerie Martin',
  companySector: 'Boulangerie',
  companyAddress: '12 rue des Lilas, 75012 Paris',
  contactFirstName: 'Claire',
  contactLastName: 'Martin',
  contactEmail: 'claire@boulangerie-martin.fr',
  selectedTemplate: 'onepage',
  billingPeriod,
  additionalOptions: { seoOptimizations: true },
});

const validator = loadJsonSchemaValidator();

/** Fails the test when an event would not conform to its published JSON Schema. */
export function assertConforms(events: readonly OrderEvent[], actor: Actor = actors.admin) {
  for (const event of events) {
    const problems = validator.problems({
      type: event.type,
      schemaVersion: currentDefinition(event.type).schemaVersion,
      data: event.data,
      metadata: metadataFor(actor, minutesLater(0)),
    });
    if (problems.length > 0)
      throw new Error(`${event.type} does not conform to its schema: ${problems.join('; ')}`);
  }
}

const metadataFor = (actor: Actor, occurredAt: string) => ({
  actor,
  commandId: 'cmd',
  correlationId: 'cmd',
  causationId: 'cmd',
  occurredAt,
});

export const recorded = (
  events: readonly OrderEvent[],
  actor: Actor,
  occurredAt: string,
): RecordedOrderEvent[] =>
  events.map((e) => ({ ...e, metadata: { actor, occurredAt } }) as RecordedOrderEvent);

/** Runs commands through decide/evolve as the command handler would, keeping the recorded history. */
export class Scenario {
  history: RecordedOrderEvent[] = [];
  state: OrderState = initialOrderState();
  private clock = 0;

  run(command: CommandInput): OrderEvent[] {
    const now = command.now ?? minutesLater(++this.clock);
    const events = decide({ ...command, now } as OrderCommand, this.state);
    assertConforms(events, command.actor);
    const stored = recorded(events, command.actor, now);
    this.history.push(...stored);
    this.state = stored.reduce(evolve, this.state);
    return events;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A command as a test writes it: `now` is filled in by the kit. */
export type CommandInput = DistributiveOmit<OrderCommand, 'now'> & { now?: string };

export interface ScenarioOptions {
  billing?: 'yearly' | 'monthly';
  orderId?: string;
  orderNumber?: number;
  /** Answers over the filled-in wizard's (company, contact, template…). */
  form?: OrderForm;
  /** The catalogue version that prices it (version 1's grid when absent). */
  catalogue?: OrderCommandOf<'CompleteOrderForm'>['catalogue'];
}

/** The shortest realistic history that brings an order to `status`. */
export function orderIn(
  status: OrderStatus,
  { billing = 'yearly', orderId = ORDER_ID, orderNumber = 1042, form = {}, catalogue }: ScenarioOptions = {},
): Scenario {
  const s = new Scenario();
  const step = (target: OrderStatus) => s.state.status === status && status === target;
  s.run({
    type: 'CreateOrderDraft',
    actor: actors.visitor,
    orderId,
    orderNumber,
    source: 'landing',
    form: {},
  });
  if (step('pending')) return s;
  s.run({
    type: 'CompleteOrderForm',
    actor: actors.visitor,
    form: { ...filledForm(billing), ...form },
    ...(catalogue ? { catalogue } : {}),
  });
  if (step('contract_ready_for_signature')) return s;
  const firstPayment = firstPaymentDue(s.state)!;
  s.run({
    type: 'StartCheckout',
    actor: actors.visitor,
    purpose: firstPayment.kind,
    amount: firstPayment.amount,
    provider: 'sandbox',
    paymentId: 'pay_first',
    url: 'https://coseso.test/sandbox/checkout/pay_first',
    expiresAt: null,
  });
  s.run({
    type: 'RecordFirstPayment',
    actor: actors.provider,
    payment: { provider: 'sandbox', paymentId: 'pay_first' },
    amount: firstPaymentDue(s.state)!.amount,
  });
  s.run({ type: 'IssueContract', actor: actors.system, documentSha256: 'a'.repeat(64), templateVersion: 1 });
  s.run({
    type: 'SignContract',
    actor: actors.client,
    signerName: 'Claire Martin',
    documentSha256: 'a'.repeat(64),
    ip: '203.0.113.7',
  });
  if (step('contract_signed')) return s;
  s.run({ type: 'OpenBrief', actor: actors.admin });
  if (step('brief_pending')) return s;
  s.run({ type: 'SubmitBrief', actor: actors.client, nothingToSend: true });
  if (step('brief')) return s;
  s.run({ type: 'ValidateBrief', actor: actors.admin, notes: 'Complet' });
  s.run({ type: 'StartProduction', actor: actors.admin });
  if (step('in_progress')) return s;
  if (status === 'cancelled') {
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Client injoignable' });
    return s;
  }
  s.run({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin' });
  if (step('en_revision')) return s;
  if (status === 'revision_changes_requested') {
    s.run({ type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' });
    return s;
  }
  s.run({ type: 'ApproveReview', actor: actors.client });
  s.run({ type: 'RequestFinalPayment', actor: actors.admin });
  if (step('awaiting_balance_payment') || step('awaiting_first_monthly_payment')) return s;
  const due = finalPaymentDue(s.state);
  s.run({
    type: 'RecordFinalPayment',
    actor: actors.provider,
    payment: { provider: 'sandbox', paymentId: 'pay_final' },
    amount: due.amount,
    ...(billing === 'monthly'
      ? { subscription: { subscriptionId: 'sub_1', currentPeriodEnd: minutesLater(60 * 24 * 30) } }
      : {}),
  });
  if (step('ready_for_delivery')) return s;
  s.run({ type: 'FinalizeDelivery', actor: actors.admin, siteUrl: 'boulangerie-martin.fr' });
  if (step('delivered')) return s;
  throw new Error(`no scenario reaches ${status} with ${billing} billing`);
}

/** Given a history, when a command, then exactly these events (validated against their schemas) or this error. */
export function given(history: Scenario | readonly RecordedOrderEvent[]) {
  const state = history instanceof Scenario ? history.state : foldOrder(history);
  return {
    state,
    when(command: CommandInput) {
      const full = { now: minutesLater(1_000), ...command } as OrderCommand;
      const attempt = () => decide(full, state);
      return {
        then(expected: readonly OrderEvent[]): OrderState {
          const events = attempt();
          expect(events).toEqual(expected);
          assertConforms(events, full.actor);
          return recorded(events, full.actor, full.now).reduce(evolve, state);
        },
        thenFails(code: string, message?: string | RegExp): DomainError {
          let error: unknown;
          try {
            attempt();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe(code);
          if (message) expect((error as DomainError).message).toMatch(message);
          return error as DomainError;
        },
        events: attempt,
      };
    },
  };
}

/** An order awaiting its first payment, whose deposit link the visitor opened (open until `expiresAt`). */
export function awaitingPaymentWithLink(expiresAt: string | null): Scenario {
  const s = orderIn('contract_ready_for_signature');
  s.run({
    type: 'StartCheckout',
    actor: actors.visitor,
    purpose: 'deposit',
    amount: s.state.price!.depositWithVat,
    provider: 'sandbox',
    paymentId: 'pay_open',
    url: 'https://coseso.test/sandbox/checkout/pay_open',
    expiresAt,
  });
  return s;
}

/**
 * A catalogue version 2 that changes what an order keeps beside its price: a template's name, the
 * deposit share, the monthly markup, what the hosting includes and the account manager's price.
 */
export function secondVersion(): NonNullable<ScenarioOptions['catalogue']> {
  const first = firstCatalogueGrid();
  return {
    version: 2,
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    grid: {
      ...first,
      depositPercent: 40,
      monthlyMarkupPercent: 25,
      templates: {
        ...first.templates,
        onepage: { ...first.templates.onepage, recapLabel: 'Site Essentiel' },
      },
      hostingIncludes: ['Certificat SSL', 'Sauvegardes quotidiennes'],
      accountManager: { label: 'Chargé de compte', yearlyPriceHT: 39_900 },
    },
  };
}
