import { actors, given, minutesLater, orderIn, payment } from '../testing/order-test-kit.js';

describe('the contract', () => {
  it('is signed by the client once paid, with its hash, time and IP', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'c'.repeat(64),
      templateVersion: 1,
    });
    const now = minutesLater(500);
    const state = given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: ' Claire Martin ',
        documentSha256: 'c'.repeat(64),
        ip: '198.51.100.4',
        now,
      })
      .then([
        {
          type: 'ContractSigned',
          data: {
            signerName: 'Claire Martin',
            documentSha256: 'c'.repeat(64),
            signedAt: now,
            ip: '198.51.100.4',
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'contract_signed', contract: { signed: true, signedAt: now } });
  });

  it('is issued after the first payment, once per document', () => {
    const s = orderIn('contract_ready_for_signature');
    given(s)
      .when({
        type: 'IssueContract',
        actor: actors.system,
        documentSha256: 'd'.repeat(64),
        templateVersion: 1,
      })
      .thenFails('ORDER.PAYMENT_REQUIRED');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    const state = given(s)
      .when({
        type: 'IssueContract',
        actor: actors.system,
        documentSha256: 'd'.repeat(64),
        templateVersion: 1,
      })
      .then([{ type: 'ContractIssued', data: { documentSha256: 'd'.repeat(64), templateVersion: 1 } }]);
    expect(state.contract.issuedSha256).toBe('d'.repeat(64));
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'd'.repeat(64),
      templateVersion: 1,
    });
    given(s)
      .when({
        type: 'IssueContract',
        actor: actors.system,
        documentSha256: 'd'.repeat(64),
        templateVersion: 1,
      })
      .then([]);
  });

  it('is signed only as issued: a signature of another document is refused', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'd'.repeat(64),
      templateVersion: 1,
    });
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: 'Claire Martin',
        documentSha256: 'e'.repeat(64),
        ip: null,
      })
      .thenFails('ORDER.CONTRACT_CHANGED', 'Le contrat a changé : veuillez le relire avant de le signer.');
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: 'Claire Martin',
        documentSha256: 'd'.repeat(64),
        ip: null,
      })
      .then([expect.objectContaining({ type: 'ContractSigned' }) as never]);
  });

  it('cannot be signed before it is issued: there is nothing to sign yet', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: 'Claire Martin',
        documentSha256: 'c'.repeat(64),
        ip: null,
      })
      .thenFails(
        'ORDER.CONTRACT_NOT_READY',
        "Le contrat n'est pas encore prêt : veuillez réessayer dans quelques instants.",
      );
  });

  it('needs the signer name', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'd'.repeat(64),
      templateVersion: 1,
    });
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: '  ',
        documentSha256: 'd'.repeat(64),
        ip: null,
      })
      .thenFails('ORDER.INVALID_INPUT', 'Le nom du signataire est requis');
  });

  it('cannot be signed before the first payment, by the client or an admin', () => {
    for (const actor of [actors.client, actors.admin]) {
      given(orderIn('contract_ready_for_signature'))
        .when({ type: 'SignContract', actor, signerName: 'Claire', documentSha256: 'c'.repeat(64), ip: null })
        .thenFails('ORDER.PAYMENT_REQUIRED', "Le contrat ne peut être signé qu'après le premier paiement.");
    }
  });

  it('can be forced by an admin as a correction, skipping the payment check, with a reason', () => {
    const state = given(orderIn('contract_ready_for_signature'))
      .when({
        type: 'CorrectStatus',
        actor: actors.admin,
        to: 'contract_signed',
        reason: 'Virement reçu hors plateforme',
      })
      .then([
        {
          type: 'StatusCorrected',
          data: {
            from: 'contract_ready_for_signature',
            to: 'contract_signed',
            reason: 'Virement reçu hors plateforme',
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'contract_signed', contract: { signed: true, forced: true } });
  });

  it('cannot be forced without a reason', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: '  ' })
      .thenFails('ORDER.INVALID_INPUT', 'La raison de la correction est requise');
  });
});
