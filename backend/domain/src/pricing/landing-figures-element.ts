/**
 * The id of the data block (`<script type="application/json">`) the server writes the landing
 * page's figures into, and the page reads them from (landing-figures.ts). Alone in its module: the
 * landing's first load imports it without any pricing code.
 */
export const LANDING_FIGURES_ELEMENT = 'landing-figures';

/** The template whose card the landing page and /pricing show as « Le plus populaire ». */
export const LANDING_POPULAR_TEMPLATE = 'business' as const;
