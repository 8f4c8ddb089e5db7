// No zod here: the landing page's pricing module reads these through the first grid.

/**
 * What version 2 of CatalogueVersionPublished added to a catalogue grid, at the prices every version
 * written before it sold them (none could change them): the upcaster fills them in, and the catalogue's
 * version 1 is seeded with them.
 */
export const gridAdditionsOfVersionTwo = {
  accountManager: { label: 'Chargé de compte dédié', yearlyPriceHT: 29_900 },
  expressCreationFromMonthlyHT: 1_900,
  externalHostFromMonthlyHT: 600,
} as const;

/** What version 3 added: the launch offers. No version written before it could hold one. */
export const gridAdditionsOfVersionThree = { launchOffers: [] } as const;
