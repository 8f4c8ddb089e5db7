import { dashboardSearchSchema, openTab, visibleTabs } from './dashboard-tabs';

const monthly = { billingCycle: 'monthly' as const, price: null };
const yearly = { billingCycle: 'yearly' as const, price: null };

describe('the client area tabs', () => {
  it('read the tab from the URL, and drop one they do not know', () => {
    expect(dashboardSearchSchema.parse({ tab: 'media' })).toEqual({ tab: 'media' });
    expect(dashboardSearchSchema.parse({ tab: 'factures' })).toEqual({ tab: undefined });
    expect(dashboardSearchSchema.parse({ tab: 3 })).toEqual({ tab: undefined });
    expect(dashboardSearchSchema.parse({})).toEqual({});
  });

  it('show the subscription tab only for a selected monthly order', () => {
    expect(visibleTabs(monthly)).toEqual([
      'overview',
      'project',
      'media',
      'messages',
      'domains',
      'subscription',
      'support',
    ]);
    expect(visibleTabs(yearly)).not.toContain('subscription');
    // An order from the landing page has no pricing-page offer: its price says how it is billed.
    const completed = { billingCycle: null, price: { billingPeriod: 'monthly' as const } };
    expect(visibleTabs(completed as never)).toContain('subscription');
    expect(visibleTabs(undefined)).not.toContain('subscription');
  });

  it('open the named tab, else the project of an order the URL selects, else the overview', () => {
    const byUrl = { selectedByUrl: true };
    const byDefault = { selectedByUrl: false };
    expect(openTab('media', undefined, byDefault)).toBe('media');
    expect(openTab('messages', yearly, byDefault)).toBe('messages');
    expect(openTab(undefined, yearly, byUrl)).toBe('project');
    expect(openTab(undefined, yearly, byDefault)).toBe('overview');
    expect(openTab(undefined, undefined, byDefault)).toBe('overview');
    expect(openTab('subscription', monthly, byDefault)).toBe('subscription');
    expect(openTab('subscription', yearly, byUrl)).toBe('project');
    expect(openTab('subscription', undefined, byDefault)).toBe('overview');
  });
});
