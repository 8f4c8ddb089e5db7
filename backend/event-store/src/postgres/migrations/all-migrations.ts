import { Baseline1795543200000 } from './1795543200000-baseline.js';
import { OrderSummaryTotalAmount1795629600000 } from './1795629600000-order-summary-total-amount.js';
import { EventHashChain1795633200000 } from './1795633200000-event-hash-chain.js';
import { EventLogIndexes1795633200001 } from './1795633200001-event-log-indexes.js';
import { AdminOrderList1795655500000 } from './1795655500000-admin-order-list.js';
import { OrderSearchIndexNoPendingList1795655600000 } from './1795655600000-order-search-index-no-pending-list.js';
import { DevMailboxIdempotencyKey1795701000000 } from './1795701000000-dev-mailbox-idempotency-key.js';
import { DataSubjectKeys1795703000000 } from './1795703000000-data-subject-keys.js';
import { OrderTimelineErasedDescription1795703000001 } from './1795703000001-order-timeline-erased-description.js';
import { OrderSearchIndexSmallPendingList1795730000000 } from './1795730000000-order-search-index-small-pending-list.js';
import { OrderListSortIndexes1795740000000 } from './1795740000000-order-list-sort-indexes.js';
import { OrderStateLz41795800000000 } from './1795800000000-order-state-lz4.js';
import { EmailDeliveries1795900000000 } from './1795900000000-email-deliveries.js';
import { DevMailboxOrderId1796000000000 } from './1796000000000-dev-mailbox-order-id.js';
import { OrderStateJson1796100000000 } from './1796100000000-order-state-json.js';
import { type MigrationClass } from './migration-runner.js';

/** Every migration of the database, oldest first (TypeORM orders them by the timestamp ending each name). */
export const allMigrations: readonly MigrationClass[] = [
  Baseline1795543200000,
  OrderSummaryTotalAmount1795629600000,
  EventHashChain1795633200000,
  EventLogIndexes1795633200001,
  AdminOrderList1795655500000,
  OrderSearchIndexNoPendingList1795655600000,
  DevMailboxIdempotencyKey1795701000000,
  DataSubjectKeys1795703000000,
  OrderTimelineErasedDescription1795703000001,
  OrderSearchIndexSmallPendingList1795730000000,
  OrderListSortIndexes1795740000000,
  OrderStateLz41795800000000,
  EmailDeliveries1795900000000,
  DevMailboxOrderId1796000000000,
  OrderStateJson1796100000000,
];
