import { type Projector } from './projector.js';
import { catalogueProjector } from './read-models/catalogue/catalogue.projection.js';
import { conversationProjector } from './read-models/conversation/conversation.projection.js';
import { clientAccountsProjector } from './read-models/client-accounts/client-accounts.projection.js';
import { invoicesProjector } from './read-models/invoices/invoices.projection.js';
import { orderTimelineProjector } from './read-models/order-timeline/order-timeline.projection.js';
import { orderViewsProjector } from './read-models/order-views/order-views.projection.js';

/** Every projector of the system, in the order they are started and rebuilt. */
export const allProjectors: readonly Projector[] = [
  orderViewsProjector,
  orderTimelineProjector,
  clientAccountsProjector,
  invoicesProjector,
  conversationProjector,
  catalogueProjector,
];

export const findProjector = (name: string) => allProjectors.find((p) => p.name === name);
