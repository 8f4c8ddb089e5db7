import { type OrderEvent, orderEventDefinitions } from '@coseso/event-schemas/order/order-events';
import { z } from 'zod';
import { describeOrderEvent } from './order-event-description.js';
import { type OrderState, initialOrderState } from './order-state.js';
import { evolve } from './order-evolve.js';
import {
  formatStateValue,
  isHiddenStateField,
  stateFacts,
  stateFieldLabel,
  stateFields,
} from './order-state-facts.js';
import { ORDER_ID, actors, minutesLater, orderIn } from './testing/order-test-kit.js';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
};

const ID = '0b7e9a52-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

/** One value of every field a schema declares, optional ones included: what the history may have to say. */
function sample(schema: JsonSchema, key = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, sample(inner, name)]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, key)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, 2);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date-time') return '2026-11-20T10:30:00.000Z';
      if (schema.format === 'uuid' || /Id$/.test(key)) return ID;
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-11-20';
      if (schema.pattern?.startsWith('^#')) return '#336699';
      if (/url|Url/.test(key)) return 'https://exemple.fr/maquette';
      if (/email/i.test(key)) return 'claire@exemple.fr';
      return 'Texte saisi';
  }
}

const everyEvent: OrderEvent[] = Object.entries(orderEventDefinitions).map(
  ([type, definition]) =>
    ({ type, data: sample(z.toJSONSchema(definition.data) as JsonSchema) }) as OrderEvent,
);

// What the history must never show people: an id, a structure, a date as stored, a field's key.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const unreadable = [
  ['an id', UUID],
  ['JSON', /[{}]/],
  ['a stored date', /\d{4}-\d{2}-\d{2}/],
  ['a camelCase key', /\b[a-z]+[A-Z][A-Za-z]*\b/],
  ['a snake_case key', /\b[a-z]+_[a-z_]+\b/],
  ['a dotted key', /\b[a-z]+\.[a-z]+[A-Z]/],
] as const;
const problemsOf = (text: string) =>
  unreadable.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);

describe('the history in French words', () => {
  it.each(everyEvent.map((event) => [event.type, event] as const))(
    'says %s in a French line, without ids, keys or stored values',
    (_type, event) => {
      const line = describeOrderEvent(event, 'marie@agence.fr');
      expect(line.trim()).not.toBe('');
      expect({ line, problems: problemsOf(line) }).toEqual({ line, problems: [] });
    },
  );

  // Every event folded into one order: every field the events can fill, lists included. A refund
  // is folded twice: of a payment the order holds (the provider's) and of one it refused (its own).
  const refund = everyEvent.find((event) => event.type === 'PaymentRefunded') as Extract<
    OrderEvent,
    { type: 'PaymentRefunded' }
  >;
  const refusedPaymentRefund = {
    ...refund,
    data: { ...refund.data, payment: { ...refund.data.payment, paymentId: 'pi_refused_by_the_order' } },
  };
  const recorded = [...everyEvent, refusedPaymentRefund].map((event, i) => ({
    ...event,
    metadata: {
      actor: actors.admin,
      commandId: `c${i}`,
      correlationId: `c${i}`,
      causationId: null,
      occurredAt: minutesLater(i),
    },
  }));
  const everything = recorded.reduce<OrderState>(
    (state, event) => {
      try {
        return evolve(state, event as unknown as Parameters<typeof evolve>[1]);
      } catch {
        return state;
      }
    },
    { ...orderIn('delivered').state, orderId: ORDER_ID },
  );
  // And orders as the decider leaves them, priced, paid by the year and by the month.
  const states = [
    everything,
    orderIn('delivered').state,
    orderIn('delivered', { billing: 'monthly' }).state,
    orderIn('cancelled').state,
  ];
  const fields = [...new Map(states.flatMap((state) => [...stateFields(state).entries()])).entries()].filter(
    ([path]) => !isHiddenStateField(path),
  );

  it('folds enough events to reach every part of the order', () => {
    const roots = new Set(fields.map(([path]) => path.split('.')[0]));
    for (const root of Object.keys(initialOrderState()).filter((key) => !isHiddenStateField(key)))
      expect(roots).toContain(root);
    for (const part of [
      'refunds',
      'providerRefunds',
      'emailFailures',
      'review.rounds',
      'review.approval.approvedBy',
    ])
      expect({
        part,
        reached: fields.some(([path]) => path === part || path.startsWith(`${part}.`)),
      }).toEqual({
        part,
        reached: true,
      });
  });

  it('names every field of the order in French (a new field fails here until it has a label)', () => {
    const unnamed = fields.map(([path]) => path).filter((path) => stateFieldLabel(path) === null);
    expect(unnamed).toEqual([]);
  });

  it('says every value in words: amounts HT or TTC, French dates, Oui/Non, names rather than ids', () => {
    const said = fields.map(([path, value]) => {
      const text = formatStateValue(path, value, (id) =>
        id === actors.admin.id ? 'marie@agence.fr' : undefined,
      );
      // A provider's reference (cs_…, sub_…) is what staff search the provider's dashboard with.
      const reference = /(\.paymentId|^subscription\.id)$/.test(path);
      return {
        path,
        text,
        problems: problemsOf(text).filter((p) => !(reference && p === 'a snake_case key')),
      };
    });
    expect(said.filter((s) => s.problems.length > 0)).toEqual([]);
    const amounts = said.filter((s) => /\d €|\d\u00a0€/.test(s.text) && !/^price\.vatAmount$/.test(s.path));
    expect(amounts.length).toBeGreaterThan(5);
    expect(amounts.filter((s) => !/€ (HT|TTC)|€\u00a0(HT|TTC)/.test(s.text))).toEqual([]);
  });

  it('falls back to a French line for a field nobody named yet, never its key', () => {
    const facts = stateFacts({
      ...everything,
      brandNewField: 'x',
      form: { ...everything.form, newChoice: 1 },
    });
    const labels = new Map(facts.map((fact) => [fact.key, fact.label]));
    expect(labels.get('brandNewField')).toBe('Autre information de la commande');
    expect(labels.get('form.newChoice')).toBe('Formulaire : autre information');
  });

  it("says the terms of the order's catalogue version with their units", () => {
    expect(formatStateValue('terms.depositPercent', 40)).toBe('40\u00a0%');
    expect(formatStateValue('terms.monthlyMarkupPercent', 20)).toBe('20\u00a0%');
    expect(formatStateValue('terms.accountManager.yearlyPriceHT', 39_900)).toMatch(/^399,00\s€\sHT$/);
  });

  it('names the admin who validated the brief, the client who approved, never their ids', () => {
    const nameOf = (id: string) => (id === ID ? 'marie@agence.fr' : undefined);
    expect(formatStateValue('brief.validatedBy', ID, nameOf)).toBe('marie@agence.fr');
    expect(formatStateValue('brief.validatedBy', 'someone-else', nameOf)).toBe('Un administrateur');
    expect(formatStateValue('review.approval.approvedBy', ID)).toBe('Le client');
    expect(formatStateValue('clientId', ID)).toBe('Compte client créé');
  });
});
