/** Where the client area sends a client for help (spec §2.2, Support). */
export const supportLinks = {
  helpCentre: 'https://aide.coseso.fr',
  newTicket: 'https://aide.coseso.fr/tickets/nouveau',
  appointment: 'https://rendez-vous.coseso.fr',
  supportEmail: 'support@coseso.fr',
  salesEmail: 'commercial@coseso.fr',
} as const;
