// Plain links: the client area's routes, and the search they accept, belong to its own feature.
export const DASHBOARD_PATH = '/dashboard';

/** The login page, coming back to the client area on this order once signed in. */
export const clientAreaLoginHref = (orderId?: string) =>
  orderId ? `/auth?redirect=/dashboard&order=${encodeURIComponent(orderId)}` : '/auth';
