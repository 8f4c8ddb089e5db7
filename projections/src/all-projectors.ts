import { type Projector } from './projector.js';
import { orderTimelineProjector } from './read-models/order-timeline/order-timeline.projection.js';
import { orderViewsProjector } from './read-models/order-views/order-views.projection.js';

/** Every projector of the system, in the order they are started and rebuilt. */
export const allProjectors: readonly Projector[] = [orderViewsProjector, orderTimelineProjector];

export const findProjector = (name: string) => allProjectors.find((p) => p.name === name);
