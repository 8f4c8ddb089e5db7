import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';
import { teamAlertOf } from './team-alerts.js';

/** An order event the team must hear about becomes one job, keyed by the event (decision 127). */
export const teamAlertsReactor: Reactor = {
  name: 'team-alerts',
  react(event) {
    if (!isOrderStream(event.streamId)) return [];
    const alert = teamAlertOf(readOrderEvent(event));
    if (!alert) return [];
    return [
      {
        name: 'team-alert',
        jobId: `team-alert:${event.eventId}`,
        data: { orderId: orderIdOf(event), eventId: event.eventId, title: alert.title, what: alert.what },
      },
    ];
  },
};
