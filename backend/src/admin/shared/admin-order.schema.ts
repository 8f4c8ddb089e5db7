import { adminActionKeys } from '@coseso/domain/orders/admin-action-commands';
import { type ClientWait, nextActors } from '@coseso/domain/orders/next-step';
import { guaranteeRefundDecisions, orderStatuses } from '@coseso/event-schemas/order/order-keys';
import { type SchemaObject } from '@nestjs/swagger';
import { ApiResponse } from '@nestjs/swagger';
import { position, schema } from '../../infra/http/api-schemas.js';

export const allowedActionsSchema = schema.array(
  schema.object({
    action: schema.oneOf(adminActionKeys),
    to: schema.nullable(schema.oneOf(orderStatuses, 'Where the action takes the order; null: it stays')),
    correction: schema.boolean('An exceptional correction (spec §4.4): send a reason'),
    label: schema.string('In French, for the button'),
  }),
  'What an admin can do to the order now, tried on the order’s own rules. Actions with a `to` run with ' +
    'PATCH /api/admin/orders/{orderId}/status {status: to, …}; validate_brief with POST ' +
    '/api/orders/{orderId}/validate-brief.',
);

export const nextStepSchema = schema.object(
  {
    actor: schema.oneOf(nextActors, 'Whose move: the team’s, the client’s, nobody’s (delivered, cancelled)'),
    action: schema.nullable(schema.oneOf(adminActionKeys, 'The team’s action, when the move is theirs')),
    wait: schema.nullable(
      schema.oneOf(
        [
          'form',
          'first_payment',
          'signature',
          'brief',
          'review',
          'balance',
          'first_monthly',
        ] as const satisfies readonly ClientWait[],
        'What the client is awaited for, when the move is theirs',
      ),
    ),
    label: schema.string('What is to be done, in French'),
    text: schema.string('« À faire : … » or « En attente du client : … », as the cards say it'),
    since: schema.dateTime('When the move became due: the age of the wait'),
    paymentFailure: schema.nullable(
      schema.object({ at: schema.dateTime(), outcome: schema.oneOf(['failed', 'expired']) }),
    ),
  },
  [],
);

export const paymentBadgeSchema = schema.object({
  stage: schema.oneOf(['unpaid', 'first_paid', 'paid_in_full']),
  label: schema.string('What has been paid, in French'),
});

export const adminOrderSchema: SchemaObject = {
  allOf: [
    schema.ref('Order'),
    schema.object({
      displayName: schema.string('The company, or « Commande #n »'),
      statusLabel: schema.string('The status’s back-office label (spec §4.1)'),
      emptyDraft: schema.boolean('A draft nobody filled in'),
      payment: paymentBadgeSchema,
      allowedActions: allowedActionsSchema,
      nextStep: nextStepSchema,
      failedPayment: schema.nullable(
        schema.object({
          what: schema.string('The payment, in French'),
          at: schema.dateTime('When its latest attempt failed'),
          reason: schema.string('Why, in French'),
        }),
      ),
      briefChecklist: schema.array(
        schema.object({
          item: schema.oneOf(['logo', 'content', 'arborescence']),
          label: schema.string(),
          required: schema.boolean(),
          provided: schema.boolean(),
        }),
        'Spec §5: what the brief needs and whether a file of that category is there',
      ),
      files: schema.array(
        schema.object({
          fileId: schema.string(),
          category: schema.string(),
          originalName: schema.string(),
          size: schema.integer('Bytes'),
          kind: schema.oneOf(['image', 'document']),
          mimeType: schema.string(),
          uploadDate: schema.dateTime(),
        }),
      ),
      briefValidatedBy: schema.nullable(schema.string('The admin who validated the brief')),
      briefNotes: schema.nullable(schema.string('The team’s notes on the brief (never shown to the client)')),
      moreElementsMessage: schema.nullable(schema.string()),
      nothingToSend: schema.boolean('The client said there was nothing to send'),
      adminNote: schema.nullable(schema.string('The note sent with the latest review link')),
      deliveredAt: schema.nullable(schema.dateTime()),
      contractForced: schema.boolean('Signed by a correction, without the payment check'),
      clientId: schema.nullable(schema.string('The client account, after the first payment')),
      contactErasable: schema.boolean(
        'Whether an admin may erase the contact now (POST /api/admin/orders/{orderId}/erase-contact): ' +
          'never paid, no client account, no payment link still open, not worked on, not erased yet',
      ),
      contactErasedAt: schema.nullable(
        schema.dateTime('When the contact of this order (never a client’s) was erased'),
      ),
      clientDataErasedAt: schema.nullable(
        schema.dateTime('When the data of the client this order belongs to was erased'),
      ),
      cancellation: schema.nullable(
        schema.object(
          {
            cancelledAt: schema.dateTime(),
            reason: schema.nullable(schema.string()),
            previousStatus: schema.oneOf(orderStatuses),
            guaranteeRefund: schema.oneOf(
              guaranteeRefundDecisions,
              'What the guarantee gave back (absent for an order cancelled before refunds were made)',
            ),
          },
          ['guaranteeRefund'],
        ),
      ),
      reactivation: schema.nullable(
        schema.object({
          reactivatedAt: schema.dateTime('The latest reactivation of the cancelled order'),
          reason: schema.nullable(schema.string('The team’s reason (null before reasons were asked)')),
        }),
      ),
      firstPayment: schema.nullable(
        schema.object({
          kind: schema.oneOf(['deposit', 'setup_fee']),
          amount: schema.integer('Cents, VAT included'),
          paidAt: schema.dateTime(),
          provider: schema.string(),
          reference: schema.string(
            'The provider’s payment id, or the team’s reference of an offline payment',
          ),
          receivedOn: schema.nullable(
            schema.string('An offline payment: the day it was received, YYYY-MM-DD (what the panel shows)'),
          ),
          means: schema.nullable(schema.oneOf(['transfer', 'cheque', 'cash'])),
        }),
      ),
      finalPayment: schema.nullable(
        schema.object({
          amount: schema.integer('Cents, VAT included'),
          paidAt: schema.dateTime(),
          provider: schema.string(),
          reference: schema.string(
            'The provider’s payment id, or the team’s reference of an offline payment',
          ),
          receivedOn: schema.nullable(
            schema.string('An offline payment: the day it was received, YYYY-MM-DD (what the panel shows)'),
          ),
          means: schema.nullable(schema.oneOf(['transfer', 'cheque', 'cash'])),
        }),
      ),
      clientActivity: schema.array(
        schema.object({ at: schema.dateTime(), text: schema.string('In French') }),
        'What the client did on the order (payments, contract, files, brief, review), newest first',
      ),
      heldPayments: schema.array(
        schema.object({
          paymentId: schema.string(),
          purpose: schema.string('deposit, setup_fee, balance, first_month, account_manager, renewal'),
          label: schema.string('In French'),
          amount: schema.integer('Cents, VAT included'),
          paidAt: schema.dateTime(),
          provider: schema.string(),
          receivedOn: schema.nullable(
            schema.string('An offline payment: the day it was received, YYYY-MM-DD (what the panel shows)'),
          ),
          refunded: schema.integer('Cents, VAT included: refunds the provider reported'),
          requested: schema.integer('Cents, VAT included: refunds asked of the provider (failed ones aside)'),
          refundableLeft: schema.integer(
            'Cents, VAT included: what « Rembourser » may still give back (0 for a payment received by hand)',
          ),
        }),
        'Every payment the order holds, oldest first',
      ),
      refundRequests: schema.array(
        schema.object({
          paymentId: schema.string(),
          purpose: schema.string(),
          amount: schema.integer('Cents, VAT included'),
          reason: schema.string('In French'),
          cause: schema.oneOf(['guarantee', 'team']),
          requestedAt: schema.dateTime(),
          failed: schema.nullable(schema.object({ at: schema.dateTime(), error: schema.string() })),
        }),
        'Refunds the team asked of the provider, oldest first; a failed one shows why',
      ),
      refundedPayments: schema.array(
        schema.object({
          purpose: schema.string('deposit, setup_fee, balance, account_manager'),
          amount: schema.integer('Cents, VAT included'),
          refundedAt: schema.dateTime(),
          provider: schema.string(),
          paymentId: schema.string(),
          refundId: schema.string(),
          reason: schema.string('Why the order refused the payment, in French'),
        }),
        'Payments made on a link that was stale or expired (the order had changed): refunded through the provider',
      ),
      unopenedCheckoutPayments: schema.array(
        schema.object({
          purpose: schema.string('What the checkout said it was for'),
          amount: schema.integer('Cents, VAT included, as the provider reported it'),
          receivedAt: schema.dateTime(),
          provider: schema.string(),
          paymentId: schema.string("The checkout's id at the provider"),
        }),
        'Signed payments naming this order for a checkout it never opened: not recorded as its payments',
      ),
      emailFailures: schema.array(
        schema.object({
          template: schema.string('The email’s template'),
          label: schema.string('Which email, in French'),
          recipient: schema.string(),
          since: schema.dateTime('When the email was first asked for'),
          failedAt: schema.dateTime('When the queue gave up on it'),
          attempts: schema.integer(),
          error: schema.string(),
        }),
        'The emails of the order the queue gave up on, oldest first',
      ),
    }),
  ],
  description: 'The order as the back-office’s detail panel reads it (spec §2.3)',
};

/** What every back-office command on an order answers: the order after it, and where its write stands. */
export const adminCommandAnswer = schema.object({
  success: schema.boolean(),
  order: adminOrderSchema,
  position,
});

/** PATCH routes are not covered by the document's generic 409 (POST only). */
export const ApiConflict = () =>
  ApiResponse({
    status: 409,
    description:
      'Refusée par la commande dans son état actuel (le message nomme le statut actuel), ou modifiée en même temps',
    content: { 'application/json': { schema: schema.ref('ApiError') } },
  });
