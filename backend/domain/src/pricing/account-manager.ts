import { gridAdditionsOfVersionTwo } from '@coseso/event-schemas/catalogue/grid-additions';

/**
 * The first grid's account manager: added to a paid order, never part of its computed price. The
 * pages show the catalogue's (its grid's `accountManager`); the payment, its invoice line and the
 * sale's facts still read this one, which every version holds so far (no change can touch it yet).
 * Apart from the pricing grid, which the landing page loads.
 */
export const ACCOUNT_MANAGER = gridAdditionsOfVersionTwo.accountManager;
