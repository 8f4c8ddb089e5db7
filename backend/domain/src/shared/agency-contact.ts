/**
 * Where a client or a prospect reaches the agency: the client area's support tab, the legal pages,
 * the error pages and every email name the same addresses.
 */
export const agencyContact = {
  supportEmail: 'support@coseso.fr',
  salesEmail: 'commercial@coseso.fr',
  helpCentre: 'https://aide.coseso.fr',
  newTicket: 'https://aide.coseso.fr/tickets/nouveau',
  appointment: 'https://rendez-vous.coseso.fr',
} as const;
