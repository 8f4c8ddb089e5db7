import { ACCOUNT_MANAGER } from './account-manager.js';
import {
  DOMAIN_PRICES_HT_PER_YEAR,
  EXPORT_ELIGIBLE_AFTER_YEARS,
  LOGO_CONTENT_PRICES_HT,
  HOSTING_INCLUDES,
  MAINTENANCE,
  TEMPLATES,
  VAT_RATE_PERCENT,
} from './pricing-grid.js';

describe('pricing grid', () => {
  it('holds the template grid of the spec', () => {
    expect(TEMPLATES).toEqual({
      onepage: {
        recapLabel: 'Site Vitrine',
        landingLabel: 'Site Vitrine',
        monthlyBaseHT: 2_900,
        launchFeeHT: 7_900,
      },
      portfolio: {
        recapLabel: 'Portfolio',
        landingLabel: 'Portfolio',
        monthlyBaseHT: 4_900,
        launchFeeHT: 9_900,
      },
      business: {
        recapLabel: 'Business',
        landingLabel: 'Business',
        monthlyBaseHT: 4_900,
        launchFeeHT: 9_900,
      },
      ecommerce: {
        recapLabel: 'E-commerce',
        landingLabel: 'E-commerce',
        monthlyBaseHT: 7_900,
        launchFeeHT: 14_900,
      },
    });
  });

  it('holds the other constants of the spec', () => {
    expect(VAT_RATE_PERCENT).toBe(20);
    // Maintenance is no option: the Coseso hosting includes it (docs/decisions.md).
    expect(MAINTENANCE.included).toBe(true);
    expect(HOSTING_INCLUDES).toContain(MAINTENANCE.label);
    expect(ACCOUNT_MANAGER.yearlyPriceHT).toBe(29_900);
    expect(LOGO_CONTENT_PRICES_HT).toEqual({
      client: 0,
      dont_have: 0,
      self_managed: 0,
      ai: 9_900,
      professional: 49_000,
    });
  });

  it('prices every domain extension offered, .net/.eu/.be being our own figures', () => {
    expect(DOMAIN_PRICES_HT_PER_YEAR).toEqual({
      '.fr': 1_500,
      '.com': 1_800,
      '.org': 1_600,
      '.net': 1_800,
      '.eu': 1_200,
      '.be': 1_200,
    });
  });

  it('delays export eligibility by a year', () => {
    expect(EXPORT_ELIGIBLE_AFTER_YEARS).toBe(1);
  });
});
