/**
 * The moment the team's screens date a payment by: one received by hand by the day it came in (read
 * at noon, it is that day in Paris), not the moment the team recorded it; any other when it was paid.
 */
export const paymentDatedAt = (payment: { readonly paidAt: string; readonly receivedOn?: string | null }) =>
  payment.receivedOn ? `${payment.receivedOn}T12:00:00Z` : payment.paidAt;
