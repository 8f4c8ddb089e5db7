import {
  type FilterableOrder,
  ADMIN_ORDERS_PER_PAGE,
  adminSearchSchema,
  matchesAdminFilters,
  pageOf,
} from './admin-order-filters';

const order = (overrides: Partial<FilterableOrder> = {}): FilterableOrder => ({
  id: '8d0f6c1e-3b7a-4c1e-9a51-0c9b1f0e2a77',
  status: 'brief',
  companyName: 'Boulangerie Martin',
  companySector: 'Alimentation',
  contactEmail: 'claire@boulangerie-martin.fr',
  selectedTemplate: 'business',
  ...overrides,
});

describe('the back-office list filters', () => {
  it('read the URL, dropping what they do not know', () => {
    expect(
      adminSearchSchema.parse({ search: 'martin', status: 'brief', template: 'onepage', page: 2 }),
    ).toEqual({
      search: 'martin',
      status: 'brief',
      template: 'onepage',
      page: 2,
    });
    expect(adminSearchSchema.parse({ search: 1042, status: 'cancelled', template: 'blog', page: 0 })).toEqual(
      {
        search: '1042',
        status: undefined,
        template: undefined,
        page: undefined,
      },
    );
    expect(adminSearchSchema.parse({ page: 1.5 }).page).toBeUndefined();
    expect(adminSearchSchema.parse({})).toEqual({});
  });

  it.each(['MARTIN', 'claire@', 'aliment', '0c9b1f0e2a77', '  boulangerie  '])(
    'find an order by a piece of its company, email, sector or id: %s',
    (search) => {
      expect(matchesAdminFilters(order(), { search })).toBe(true);
    },
  );

  it('miss an order that matches nowhere, or not the status or template', () => {
    expect(matchesAdminFilters(order(), { search: 'fleuriste' })).toBe(false);
    expect(matchesAdminFilters(order({ companyName: null, contactEmail: null }), { search: 'martin' })).toBe(
      false,
    );
    expect(matchesAdminFilters(order(), { status: 'delivered' })).toBe(false);
    expect(matchesAdminFilters(order(), { template: 'portfolio' })).toBe(false);
    expect(matchesAdminFilters(order(), { status: 'brief', template: 'business', search: '' })).toBe(true);
  });

  it('show 10 orders a page, and the last page for a page past the end', () => {
    const orders = Array.from({ length: 23 }, (_, index) => index);
    expect(ADMIN_ORDERS_PER_PAGE).toBe(10);
    expect(pageOf(orders, undefined)).toEqual({ items: orders.slice(0, 10), page: 1, pageCount: 3 });
    expect(pageOf(orders, 3)).toEqual({ items: [20, 21, 22], page: 3, pageCount: 3 });
    expect(pageOf(orders, 9)).toMatchObject({ page: 3, pageCount: 3 });
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
