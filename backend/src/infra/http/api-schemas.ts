import { catalogueChangeSchema, catalogueGridSchema } from '@coseso/event-schemas/catalogue/catalogue-events';
import { orderStatuses } from '@coseso/event-schemas/order/order-keys';
import { orderFormSchema, priceBreakdownSchema } from '@coseso/event-schemas/order/order-values';
import { ApiResponse } from '@nestjs/swagger';
import { type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * A response schema of the API document (OpenAPI 3.0) that also carries the TypeScript type of the
 * JSON it describes: the document, the server's answer types (`AnswerOf<typeof x>`) and, through
 * openapi-typescript, the SPA's types all come from the one declaration.
 */
export type Schema<T> = SchemaObject & { readonly __answer?: T };

/** The JSON a schema describes. */
export type AnswerOf<S> = S extends Schema<infer T> ? T : never;

type Described = { description?: string };
type Fields = Record<string, Schema<unknown>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P extends Fields, O extends keyof P> = Simplify<
  { [K in Exclude<keyof P, O>]: AnswerOf<P[K]> } & { [K in O]?: AnswerOf<P[K]> }
>;

const described = (description?: string): Described => (description ? { description } : {});

/** Small builders for the response schemas of the API document (OpenAPI 3.0). */
export const schema = {
  string: (description?: string, extra: SchemaObject = {}): Schema<string> => ({
    type: 'string',
    ...described(description),
    ...extra,
  }),
  integer: (description?: string): Schema<number> => ({ type: 'integer', ...described(description) }),
  number: (description?: string): Schema<number> => ({ type: 'number', ...described(description) }),
  boolean: (description?: string): Schema<boolean> => ({ type: 'boolean', ...described(description) }),
  /** An ISO 8601 date and time, as `Date.prototype.toISOString` writes it. */
  dateTime: (description?: string): Schema<string> => ({
    type: 'string',
    format: 'date-time',
    ...described(description),
  }),
  oneOf: <const V extends readonly (string | boolean)[]>(
    values: V,
    description?: string,
  ): Schema<V[number]> => ({
    type: typeof values[0] === 'boolean' ? 'boolean' : 'string',
    enum: [...values],
    ...described(description),
  }),
  nullable: <T>(inner: Schema<T>): Schema<T | null> => ({ ...inner, nullable: true }),
  array: <T>(items: Schema<T>, description?: string): Schema<readonly T[]> => ({
    type: 'array',
    items,
    ...described(description),
  }),
  /** Every property required unless listed in `optional`. */
  object: <P extends Fields, O extends keyof P & string = never>(
    properties: P,
    optional: readonly O[] = [],
  ): Schema<ObjectOf<P, O>> => ({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !(optional as readonly string[]).includes(key)),
  }),
  /** An object whose keys are free (a record of the log, a whole state). */
  record: <T = unknown>(
    values: Schema<T> = {} as Schema<T>,
    description?: string,
  ): Schema<Record<string, T>> => ({
    type: 'object',
    additionalProperties: values,
    ...described(description),
  }),
  /**
   * An object the document leaves open (the whole order's state as a replay folds it): the SPA
   * reads it as a record, the server names its own type.
   */
  open: <T extends object = Record<string, unknown>>(description?: string): Schema<T> => ({
    type: 'object',
    additionalProperties: {},
    ...described(description),
  }),
  /** Any JSON value (a field's value before and after a change). */
  any: (description?: string): Schema<unknown> => ({ ...described(description) }),
  /** Its type is the one the document names. */
  ref: <T = unknown>(name: string): Schema<T> => ({ $ref: `#/components/schemas/${name}` }) as Schema<T>,
  /** Every part at once. */
  allOf: <A, B>(a: Schema<A>, b: Schema<B>, description?: string): Schema<A & B> => ({
    allOf: [a, b],
    ...described(description),
  }),
};

const cents = (description: string) => schema.integer(`${description}, in euro cents`);

/** The global position of the command's last event (also in X-Event-Position); null when nothing was written. */
export const position = schema.nullable(
  schema.integer(
    'Global position of the last event written; send it as X-Min-Position to read your own write',
  ),
);

/** The receipt of the client's approval of a preview ("Maquette v2 validée le … par …"). */
export const approvalReceipt = schema.object({
  round: schema.integer('The preview round approved'),
  reviewUrl: schema.nullable(schema.string('The preview approved')),
  approvedAt: schema.dateTime(),
  approvedBy: schema.string('The client account that approved'),
  sessionRef: schema.nullable(schema.string('A digest naming the client session it came from')),
});

/** A success answer of `status` whose body is `body`. */
export const ApiAnswer = (body: SchemaObject, description = 'Succès', status = 200) =>
  ApiResponse({ status, description, schema: body });

/**
 * A refusal of `status` a route answers beyond those every route of its kind has (`ApiError`), in
 * JSON whatever the route produces when it succeeds (a file download refuses in JSON).
 */
export const ApiRefusal = (status: number, description: string) =>
  ApiResponse({ status, description, content: { 'application/json': { schema: schema.ref('ApiError') } } });

// The wizard's data and the price are zod schemas (the event contract): their JSON Schemas are
// generated, not rewritten.
const jsonSchemaOf = (source: z.ZodType) => {
  const { $schema: _draft, ...rest } = z.toJSONSchema(source, {
    target: 'openapi-3.0',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest as SchemaObject;
};

/** Schemas the document holds once, by name. */
export function sharedSchemas(): Record<string, SchemaObject> {
  // The order's answers are one part of the order (allOf): the part leaves the other's fields open.
  const { additionalProperties: _closed, ...form } = jsonSchemaOf(orderFormSchema);
  const price = jsonSchemaOf(priceBreakdownSchema);
  price.description =
    'The price computed at completion. Amounts are in cents; totalAmount, depositAmount, remainingAmount, ' +
    'monthlyAmount, basePrice, launchFees, setupFeesAmount and monthlySubscription exclude VAT (HT); ' +
    'fields ending in WithVat include it (TTC); vatAmount is the VAT itself.';
  return {
    CatalogueGrid: {
      ...jsonSchemaOf(catalogueGridSchema),
      description: 'Every price (euro cents HT) and text of a catalogue version',
    },
    CatalogueChange: {
      ...jsonSchemaOf(catalogueChangeSchema),
      description: 'One change of a catalogue version',
    },
    OrderForm: { ...form, description: "The wizard's answers, every field optional" },
    Price: price,
    Order: {
      allOf: [
        schema.ref('OrderForm'),
        schema.object(
          {
            id: schema.string('The order id (a v4 UUID, secret: it gives access to the wizard)', {
              format: 'uuid',
            }),
            orderNumber: schema.integer('Human-readable order number'),
            status: schema.oneOf(orderStatuses),
            currentStep: schema.integer('Wizard step, 1 to 8'),
            formCompleted: schema.boolean(),
            placed: schema.boolean('Placed (first payment asked for): the confirmation email has been sent'),
            depositPaid: schema.boolean('The first payment (deposit or setup fees) is paid'),
            finalPaid: schema.boolean('The balance or first month is paid'),
            contractSigned: schema.boolean(),
            contractIssued: schema.boolean(),
            planType: schema.nullable(schema.oneOf(['one-time', 'subscription'])),
            subscriptionPlan: schema.nullable(schema.string()),
            billingCycle: schema.nullable(schema.oneOf(['monthly', 'yearly'])),
            totalAmount: schema.nullable(
              cents(
                'Total of the order excluding VAT (HT): the pricing page’s plan before completion, the price after',
              ),
            ),
            totalWithVat: schema.nullable(cents('totalAmount including VAT (TTC)')),
            basePrice: schema.nullable(cents('Base price excluding VAT (HT)')),
            price: schema.nullable(schema.ref('Price')),
            exportEligibleAt: schema.nullable(schema.dateTime()),
            supportEnabled: schema.boolean(),
            domainOption: schema.oneOf(['have', 'buy']),
            existingDomain: schema.string(),
            desiredDomain: schema.string(),
            hostingOption: schema.oneOf(['coseso', 'client']),
            subscriptionStatus: schema.string(),
            accountManager: schema.boolean(),
            accountManagerOffer: schema.nullable(
              schema.object({
                label: schema.string(),
                yearlyPriceHT: cents('For a year, excluding VAT (HT), at the order’s catalogue version'),
                yearlyPriceWithVat: cents('yearlyPriceHT including VAT (TTC)'),
              }),
            ),
            reactivatedAt: schema.nullable(
              schema.dateTime('When the cancelled order was last reactivated; null when never'),
            ),
            firstPaymentOwedAgain: schema.nullable(
              schema.object({
                kind: schema.oneOf(['deposit', 'setup_fee']),
                amountWithVat: cents('What is owed, VAT included (TTC)'),
              }),
            ),
            cancellationTerms: schema.nullable(
              schema.object({
                cancelledAt: schema.dateTime(),
                paidWithVat: cents('What the order recorded as paid, VAT included (TTC)'),
                guaranteeUntil: schema.nullable(
                  schema.dateTime('End of the 14-day satisfaction guarantee; null when nothing was paid'),
                ),
                refundable: schema.boolean('Cancelled within the guarantee, with something paid'),
                guaranteeRefund: schema.oneOf(
                  ['requested', 'declined', 'none_due', 'legacy'],
                  'requested: the card payments are refunded through the provider; declined: the team chose no refund; none_due: nothing for the provider to give back; legacy: cancelled before refunds were made (the client asks for it)',
                ),
                refundRequestedWithVat: cents('What the cancellation asked the provider to refund (TTC)'),
                refundedWithVat: cents('What the provider has reported refunded of it so far (TTC)'),
                refundFailed: schema.boolean('A refund the cancellation asked for could not be made'),
                paidOfflineWithVat: cents(
                  'Paid by transfer, cheque or cash: not refunded by the cancellation (TTC)',
                ),
                subscriptionStillActive: schema.boolean(
                  'A monthly subscription still runs (an order cancelled before cancelling ended it)',
                ),
                subscriptionEnded: schema.boolean(
                  'The monthly subscription has ended: nothing more is charged',
                ),
              }),
            ),
            paymentProvider: schema.nullable(schema.string()),
            paymentId: schema.nullable(schema.string('The latest payment link’s id at the provider')),
            depositPaymentId: schema.nullable(schema.string()),
            finalPaymentId: schema.nullable(schema.string()),
            finalPaymentClosed: schema.nullable(
              schema.oneOf(['failed', 'expired'], 'The latest balance or first-month link ended unpaid'),
            ),
            firstMonthlyPaymentId: schema.nullable(schema.string()),
            subscriptionId: schema.nullable(schema.string()),
            briefSubmittedByClient: schema.boolean(),
            briefSubmittedAt: schema.nullable(schema.dateTime()),
            briefValidatedByAdmin: schema.boolean(),
            briefValidatedAt: schema.nullable(schema.dateTime()),
            moreElementsMessage: schema.nullable(
              schema.string("The team's latest request for more elements (Demander plus d'éléments)"),
            ),
            reviewStatus: schema.string(),
            reviewRound: schema.integer(),
            reviewUrl: schema.nullable(schema.string()),
            reviewNote: schema.nullable(schema.string("The team's note sent with the current preview")),
            reviewRounds: schema.array(
              schema.object({
                round: schema.integer('1 for the first preview, 2 for the next…'),
                url: schema.string(),
                note: schema.nullable(schema.string()),
                sentAt: schema.dateTime(),
                decision: schema.nullable(schema.oneOf(['approved', 'changes_requested'])),
                feedback: schema.nullable(schema.string("The client's request for changes")),
                answeredAt: schema.nullable(schema.dateTime()),
              }),
            ),
            reviewFeedback: schema.nullable(schema.string()),
            reviewSubmittedAt: schema.nullable(schema.dateTime()),
            reviewApproval: schema.nullable(approvalReceipt),
            deliveryUrl: schema.nullable(schema.string()),
            subscriptionExpiresAt: schema.nullable(schema.dateTime()),
            nextPaymentDate: schema.nullable(schema.dateTime()),
            contractSignedAt: schema.nullable(schema.dateTime()),
            createdAt: schema.dateTime(),
            lastActiveAt: schema.dateTime(),
            clientNextStep: schema.object({
              actor: schema.oneOf(
                ['team', 'client', 'none'],
                "Whose move it is: the client's, the team's, nobody's",
              ),
              text: schema.string('« Prochaine étape », in French, addressed to the client'),
            }),
            hiddenFields: schema.array(
              schema.string(),
              'Read by its id alone after the first payment: the personal fields that were filled and are withheld',
            ),
          },
          ['hiddenFields'],
        ),
      ],
      description:
        "The order as the client area and the wizard read it: the wizard's answers at the top level, then " +
        'its state. Amounts in cents; without WithVat they exclude VAT (HT). Read by its id alone ' +
        '(GET /api/orders/{orderId}) after the first payment, it carries no personal field (contact, ' +
        'company identity, texts the person wrote, review feedback): the client area has them.',
    },
    ApiError: schema.object(
      {
        message: schema.string('In French, for people'),
        code: schema.string('Stable, for programs: one of the catalogue, or HTTP.<status>'),
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'One French message per faulty field, keyed by its path',
        },
      },
      ['fields'],
    ),
  };
}
