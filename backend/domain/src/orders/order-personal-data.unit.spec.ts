import { ERASED, erasePersonalFields } from '@coseso/event-schemas/personal-fields';
import { erasePersonalData } from './order-personal-data.js';
import { evolve, foldOrder } from './order-evolve.js';
import { type OrderStatus } from './order-status.js';
import { actors, minutesLater, orderIn, recorded } from './testing/order-test-kit.js';

const statuses: OrderStatus[] = [
  'pending',
  'brief_pending',
  'revision_changes_requested',
  'delivered',
  'cancelled',
];

describe('erasing an order’s personal data', () => {
  it.each(statuses)('in %s, gives the state its erased events fold into', (status) => {
    const s = orderIn(status, { form: { contactPhone: '06 12 34 56 78', clientRemarks: '' } });
    if (status === 'brief_pending')
      s.run({
        type: 'UploadBriefFile',
        actor: actors.client,
        file: {
          fileId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          category: 'logo',
          originalName: 'logo claire martin.png',
          storedName: 'f-1.png',
          size: 1200,
          mimeType: 'image/png',
          kind: 'image',
        },
      });
    if (status === 'revision_changes_requested') {
      s.run({
        type: 'CompleteChanges',
        actor: actors.admin,
        reviewUrl: 'https://preview.coseso.fr/v2',
        note: null,
      });
    }
    const erasedHistory = s.history.map((e) => erasePersonalFields(e));
    expect(erasePersonalData(s.state)).toEqual(foldOrder(erasedHistory));
  });

  it('blanks the contact and the company, keeps the amounts, the status and the dates', () => {
    const { state } = orderIn('delivered');
    const erased = erasePersonalData(state);
    expect(erased.form.contactEmail).toBe(ERASED);
    expect(erased.form.companyName).toBe(ERASED);
    expect(erased.contract.signerName).toBe(ERASED);
    expect(erased.form.selectedTemplate).toBe(state.form.selectedTemplate);
    expect(erased.price).toEqual(state.price);
    expect(erased.status).toBe('delivered');
    expect(erased.delivery).toEqual(state.delivery);
    expect(erasePersonalData(erased)).toEqual(erased);
  });
});

describe('an order’s own erasure (OrderContactErased)', () => {
  it('folds to the same state whether its events were read in clear (live) or erased (rebuild)', () => {
    const s = orderIn('contract_ready_for_signature', { form: { contactPhone: '06 12 34 56 78' } });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le visiteur renonce' });
    const [erasure] = recorded(
      [{ type: 'OrderContactErased', data: { reason: 'Demande du visiteur', plaintextEvents: 0 } }],
      actors.admin,
      minutesLater(100),
    );
    const live = evolve(s.state, erasure!);
    const rebuilt = foldOrder([...s.history.map((e) => erasePersonalFields(e)), erasure!]);
    expect(live).toEqual(rebuilt);
    expect(live).toEqual({ ...erasePersonalData(s.state), contactErasedAt: minutesLater(100) });
    expect(live.form.contactPhone).toBe(ERASED);
    expect(live.lastActivityAt).toBe(s.state.lastActivityAt);
  });
});
