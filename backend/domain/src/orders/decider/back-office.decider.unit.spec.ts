import { allowedAdminActions } from '../admin-actions.js';
import { decide } from '../order-decider.js';
import { type OrderCommand } from '../order-commands.js';
import { type OrderStatus, orderStatuses } from '../order-status.js';
import { actors, given, minutesLater, orderIn } from '../testing/order-test-kit.js';

const now = minutesLater(1_000);

describe('a back-office action by its name', () => {
  it("signs the contract in the contact's name, with the issued contract's digest", () => {
    const history = orderIn('contract_signed').history;
    const paid = history.slice(
      0,
      history.findIndex((e) => e.type === 'ContractSigned'),
    );
    const { form, contract } = given(paid).state;
    given(paid)
      .when({ type: 'RunAdminAction', actor: actors.admin, action: 'sign_contract', input: {} })
      .then([
        {
          type: 'ContractSigned',
          data: {
            signerName: `${form.contactFirstName} ${form.contactLastName}`,
            documentSha256: contract.issuedSha256!,
            ip: null,
            signedAt: now,
          },
        },
      ]);
  });

  it("records a monthly order's first month paid offline at the amount due, starting no subscription", () => {
    const s = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    const events = given(s)
      .when({
        type: 'RunAdminAction',
        actor: actors.admin,
        action: 'record_offline_payment',
        input: { paymentReference: 'VIR-2026-11', paymentDate: '2026-11-22', paymentMeans: 'transfer' },
      })
      .events();
    expect(events.map((e) => e.type)).toEqual(['FirstMonthlyPaymentPaid', 'MarkedReadyForDelivery']);
    expect(events[0]!.data).toEqual({
      payment: { provider: 'offline', paymentId: 'VIR-2026-11', receivedOn: '2026-11-22', means: 'transfer' },
      amount: s.state.finalPaymentDue!.amount,
    });
  });

  it('is refused as its own command is: by the transition table, for the order as it is', () => {
    given(orderIn('delivered'))
      .when({ type: 'RunAdminAction', actor: actors.admin, action: 'open_brief', input: {} })
      .thenFails('ORDER.TRANSITION_FORBIDDEN', /statut « Livré »\.$/);
    given(orderIn('contract_signed'))
      .when({ type: 'RunAdminAction', actor: actors.client, action: 'open_brief', input: {} })
      .thenFails('ORDER.ACTOR_FORBIDDEN');
  });

  it('is refused on an order that does not exist', () => {
    given([])
      .when({ type: 'RunAdminAction', actor: actors.admin, action: 'cancel', input: {} })
      .thenFails('ORDER.NOT_FOUND', 'Commande introuvable');
  });

  it.each(orderStatuses)('decides, from %s, every action offered exactly as its own command', (status) => {
    const billing = status === 'awaiting_first_monthly_payment' ? 'monthly' : 'yearly';
    const state = orderIn(status as OrderStatus, { billing }).state;
    for (const { action, to, correction } of allowedAdminActions(state)) {
      const input = {
        reason: 'Vérification',
        reviewUrl: 'https://apercu.coseso.fr',
        deliveryUrl: 'https://site.coseso.fr',
        notes: 'Vu',
        paymentReference: 'VIR-1',
        paymentDate: '2026-11-22',
        paymentMeans: 'transfer',
      };
      const byName: OrderCommand =
        action === 'correct_status'
          ? { type: 'ChangeOrderStatus', actor: actors.admin, now, status: to!, input }
          : { type: 'RunAdminAction', actor: actors.admin, now, action, input };
      expect([action, correction, decide(byName, state).length > 0]).toEqual([action, correction, true]);
    }
  });
});

describe('a status change', () => {
  it('is the forced signature with a reason, the signature once paid without', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({
        type: 'ChangeOrderStatus',
        actor: actors.admin,
        status: 'contract_signed',
        input: { reason: 'Virement reçu' },
      })
      .then([
        {
          type: 'StatusCorrected',
          data: { from: 'contract_ready_for_signature', to: 'contract_signed', reason: 'Virement reçu' },
        },
      ]);
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'ChangeOrderStatus', actor: actors.admin, status: 'contract_signed', input: {} })
      .thenFails('ORDER.PAYMENT_REQUIRED', "Le contrat ne peut être signé qu'après le premier paiement.");
  });

  it('is refused, naming both statuses, where no action of the current one leads', () => {
    given(orderIn('in_progress'))
      .when({ type: 'ChangeOrderStatus', actor: actors.admin, status: 'pending', input: {} })
      .thenFails(
        'ORDER.TRANSITION_FORBIDDEN',
        /^Impossible de passer la commande au statut « .+ » : la commande est au statut « Production »\.$/,
      );
  });
});
