import { type CatalogueGrid } from '@coseso/event-schemas/catalogue/catalogue-events';
import {
  gridAdditionsOfVersionThree,
  gridAdditionsOfVersionTwo,
} from '@coseso/event-schemas/catalogue/grid-additions';
import { freeOptionLabels, templateFreeOptions } from '../orders/wizard.js';
import { FIRST_PRICE_GRID, HOSTING_INCLUDES, TEMPLATE_KEYS } from '../pricing/pricing-grid.js';

/**
 * The catalogue's version 1: the grid first sold, as the code priced it, with the texts /pricing
 * showed. Seeded into the log once, at start (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md);
 * every later version is made in the back-office.
 */
export function firstCatalogueGrid(): CatalogueGrid {
  const templates = Object.fromEntries(
    TEMPLATE_KEYS.map((key) => {
      const { recapLabel, landingLabel, monthlyBaseHT, launchFeeHT } = FIRST_PRICE_GRID.templates[key];
      const features = templateFreeOptions[key].slice(0, 5).map((option) => freeOptionLabels[option]);
      return [key, { recapLabel, landingLabel, monthlyBaseHT, launchFeeHT, features }];
    }),
  ) as CatalogueGrid['templates'];
  const options = Object.fromEntries(
    Object.entries(FIRST_PRICE_GRID.options).map(([key, { label, priceHT, period, onlyForTemplate }]) => [
      key,
      { label, priceHT, period, ...(onlyForTemplate ? { onlyForTemplate } : {}) },
    ]),
  ) as CatalogueGrid['options'];
  return {
    vatRatePercent: FIRST_PRICE_GRID.vatRatePercent,
    depositPercent: FIRST_PRICE_GRID.depositPercent,
    monthlyMarkupPercent: FIRST_PRICE_GRID.monthlyMarkupPercent,
    templates,
    options,
    logoContentPricesHT: { ...FIRST_PRICE_GRID.logoContentPricesHT },
    domainPricesHT: { ...FIRST_PRICE_GRID.domainPricesHT },
    hostingIncludes: [...HOSTING_INCLUDES],
    ...gridAdditionsOfVersionTwo,
    accountManager: { ...gridAdditionsOfVersionTwo.accountManager },
    launchOffers: [...gridAdditionsOfVersionThree.launchOffers],
  };
}

export const FIRST_CATALOGUE_REASON = 'Grille d’origine, reprise du code';
