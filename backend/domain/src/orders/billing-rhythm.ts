import { type OrderView } from './order-view.js';

// Alone in its file: the client area's route reads it to know whether an order has a subscription
// tab, and a route's search schema ships in the landing page's entry chunk.

/** Billed monthly: by the price the order was completed with, else by the offer chosen on the pricing page. */
export const isMonthly = (order: Pick<OrderView, 'billingCycle' | 'price'>) =>
  (order.price?.billingPeriod ?? order.billingCycle) === 'monthly';
