import { type OrderView } from '@coseso/domain/orders/order-view';
import { lastOrderPrefill } from './last-order-prefill';

const draft = (overrides: Partial<OrderView> = {}) =>
  ({ id: 'new', orderNumber: 12, formCompleted: false, depositPaid: false, ...overrides }) as OrderView;

const earlier = draft({
  id: 'earlier',
  orderNumber: 7,
  formCompleted: true,
  depositPaid: true,
  companyName: 'Plomberie Duval',
  companySector: 'Plomberie',
  companyAddress: '4 rue du Port\n44000 Nantes',
  companyId: '732 829 320',
  contactFirstName: 'Marc',
  contactLastName: 'Duval',
  contactEmail: 'marc@plomberie-duval.fr',
  contactPhone: '06 12 34 56 78',
  selectedTemplate: 'ecommerce',
});

describe("a signed-in client's new order", () => {
  it("starts with the company and the contact of the client's last order, not its choices", () => {
    const prefill = lastOrderPrefill(draft({ selectedTemplate: 'onepage' }), [earlier]);
    expect(prefill).toEqual({
      orderNumber: 7,
      values: {
        companyName: 'Plomberie Duval',
        companySector: 'Plomberie',
        companyAddress: '4 rue du Port\n44000 Nantes',
        companyId: '732 829 320',
        contactFirstName: 'Marc',
        contactLastName: 'Duval',
        contactPosition: '',
        contactEmail: 'marc@plomberie-duval.fr',
        contactPhone: '06 12 34 56 78',
        socialMedia: '',
      },
    });
    expect(prefill?.values).not.toHaveProperty('selectedTemplate');
  });

  it('takes the newest order with a company (the list comes newest first), never the new order itself', () => {
    const newer = { ...earlier, id: 'newer', orderNumber: 9, companyName: 'Duval & Fils' };
    const blankDraftListed = draft();
    expect(lastOrderPrefill(draft(), [blankDraftListed, newer, earlier])?.orderNumber).toBe(9);
  });

  it('leaves alone an order that has answers of its own, or a client without an earlier order', () => {
    expect(lastOrderPrefill(draft({ contactEmail: 'autre@exemple.fr' }), [earlier])).toBeNull();
    expect(lastOrderPrefill(draft({ formCompleted: true }), [earlier])).toBeNull();
    expect(lastOrderPrefill(draft(), [])).toBeNull();
  });
});
