/** The time zone of the calendar and the clock the customers read: dates are counted and shown in Paris. */
export const CUSTOMER_TIME_ZONE = 'Europe/Paris';
