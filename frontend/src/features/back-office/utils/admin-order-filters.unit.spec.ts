import {
  ADMIN_ORDERS_PER_PAGE,
  adminSearchSchema,
  adminStatusFilters,
  listFiltersOf,
  listQueryString,
  refineFilters,
  resetFilters,
} from './admin-order-filters';
import { unknownFilters } from './unknown-filters';

const ORDER_ID = '8d0f6c1e-3b7a-4c1e-9a51-0c9b1f0e2a77';

describe('the back-office list filters', () => {
  it('read the URL, keeping the filters as typed and dropping what is not a filter', () => {
    expect(
      adminSearchSchema.parse({
        search: 'martin',
        status: 'brief',
        template: 'onepage',
        drafts: true,
        page: 2,
        view: 'board',
        order: ORDER_ID,
      }),
    ).toEqual({
      search: 'martin',
      status: 'brief',
      template: 'onepage',
      drafts: true,
      page: 2,
      view: 'board',
      order: ORDER_ID,
    });
    expect(
      adminSearchSchema.parse({
        search: 1042,
        status: 'cancelled',
        template: 'blog',
        drafts: 'yes',
        page: 0,
        view: 'grid',
        order: '../etc',
      }),
    ).toEqual({
      search: '1042',
      status: 'cancelled',
      template: 'blog',
      drafts: undefined,
      page: undefined,
      view: undefined,
      order: undefined,
    });
    expect(adminSearchSchema.parse({ page: 1.5 }).page).toBeUndefined();
    expect(adminSearchSchema.parse({})).toEqual({});
  });

  it('list every status, cancelled ones too, and the saved views', () => {
    expect(listFiltersOf(adminSearchSchema.parse({ status: 'cancelled' }))).toEqual({
      status: 'cancelled',
      page: 1,
    });
    expect(adminStatusFilters).toHaveLength(13);
    expect(listQueryString(listFiltersOf({ queue: 'team' }))).toBe('queue=team&page=1');
  });

  it('say in French a filter they do not know, instead of dropping it', () => {
    expect(unknownFilters({ status: 'cancelled', queue: 'payment_failed' })).toEqual([]);
    const [status, template, queue] = unknownFilters({
      status: 'canceled',
      template: 'blog',
      queue: 'urgent',
    });
    expect(status).toMatch(
      /^Le statut « canceled » n'existe pas\. Statuts possibles : En cours \(pending\),/,
    );
    expect(status).toContain('Annulé (cancelled)');
    expect(template).toMatch(/^Le template « blog » n'existe pas/);
    expect(queue).toMatch(/^La vue « urgent » n'existe pas\. Vues possibles : À traiter \(team\)/);
    // Nothing unknown reaches the server.
    expect(listFiltersOf({ status: 'canceled', template: 'blog', queue: 'urgent' })).toEqual({ page: 1 });
  });

  it('list the orders of a catalogue version from the URL, and say in French a version that is not one', () => {
    const search = adminSearchSchema.parse({ catalogueVersion: 2 });
    expect(search).toEqual({ catalogueVersion: 2 });
    expect(unknownFilters(search)).toEqual([]);
    expect(listQueryString(listFiltersOf(search))).toBe('catalogueVersion=2&page=1');
    // The quoted form a router writes for a string (?catalogueVersion=%222%22) is the same version.
    const quoted = adminSearchSchema.parse({ catalogueVersion: '2' });
    expect(unknownFilters(quoted)).toEqual([]);
    expect(listQueryString(listFiltersOf(quoted))).toBe('catalogueVersion=2&page=1');
    for (const typed of ['deux', '0', '-1', '2.5']) {
      expect(adminSearchSchema.parse({ catalogueVersion: typed })).toEqual({ catalogueVersion: typed });
      expect(unknownFilters({ catalogueVersion: typed })).toEqual([
        `La version du catalogue « ${typed} » n'existe pas. Indiquez le numéro d'une version, par exemple 1 ou 2 (voir « Offres et tarifs »).`,
      ]);
      expect(listFiltersOf({ catalogueVersion: typed })).toEqual({ page: 1 });
    }
  });

  it('ask the server for the filters alone, trimmed; on the board, only their count', () => {
    const filters = listFiltersOf({ search: '  Martin ', status: 'brief', view: 'board', order: ORDER_ID });
    expect(filters).toEqual({ search: 'Martin', status: 'brief', page: 1, pageSize: 1 });
    expect(listQueryString(filters)).toBe('search=Martin&status=brief&page=1&pageSize=1');
    expect(
      listQueryString(listFiltersOf({ search: '   ', drafts: true, template: 'portfolio', page: 3 })),
    ).toBe('template=portfolio&drafts=true&page=3');
  });

  it('go back to page 1 on any change of filter, keeping the view and the selected order', () => {
    const current = { search: 'a', page: 4, view: 'board' as const, order: ORDER_ID };
    expect(refineFilters(current, { status: 'delivered' })).toEqual({
      search: 'a',
      status: 'delivered',
      page: undefined,
      view: 'board',
      order: ORDER_ID,
    });
    expect(resetFilters({ ...current, template: 'business', drafts: true })).toEqual({ view: 'board' });
    expect(resetFilters({ search: 'a' })).toEqual({});
  });

  it('keep the order chosen in the URL and send it, the default one left unsaid', () => {
    expect(adminSearchSchema.parse({ sort: 'amount' }).sort).toBe('amount');
    expect(adminSearchSchema.parse({ sort: 'price' }).sort).toBeUndefined();
    expect(listQueryString(listFiltersOf({ sort: 'client', page: 2 }))).toBe('sort=client&page=2');
    expect(listFiltersOf({ sort: 'activity' }).sort).toBeUndefined();
    expect(refineFilters({ sort: 'oldest', page: 3 }, { sort: 'recent' })).toEqual({
      sort: 'recent',
      page: undefined,
    });
    expect(resetFilters({ search: 'a', sort: 'oldest', view: 'board' })).toEqual({
      view: 'board',
      sort: 'oldest',
    });
  });

  it("show 10 orders a page in the list; the board's columns read their own pages", () => {
    expect(ADMIN_ORDERS_PER_PAGE).toBe(10);
    expect(listFiltersOf({}).pageSize).toBeUndefined();
    expect(listFiltersOf({ view: 'board' }).pageSize).toBe(1);
  });
});
