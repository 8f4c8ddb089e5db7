// The enumerations of an order without zod, for the code the SPA's first load ships (route search schemas).
export { type TemplateKey, templateKeys, orderStatuses } from '@coseso/event-schemas/order/order-keys';
