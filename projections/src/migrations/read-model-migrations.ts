import { type MigrationClass } from '@coseso/event-store/postgres-adapter';
import { ReadModelsBaseline1795543200002 } from './1795543200002-read-models-baseline.js';
import { OrderSummaryTotalAmount1795629600000 } from './1795629600000-order-summary-total-amount.js';
import { AdminOrderList1795655500000 } from './1795655500000-admin-order-list.js';
import { OrderSearchIndexNoPendingList1795655600000 } from './1795655600000-order-search-index-no-pending-list.js';
import { OrderTimelineErasedDescription1795703000001 } from './1795703000001-order-timeline-erased-description.js';
import { OrderSearchIndexSmallPendingList1795730000000 } from './1795730000000-order-search-index-small-pending-list.js';
import { OrderListSortIndexes1795740000000 } from './1795740000000-order-list-sort-indexes.js';
import { OrderStateLz41795800000000 } from './1795800000000-order-state-lz4.js';
import { OrderStateJson1796100000000 } from './1796100000000-order-state-json.js';
import { OrderSummaryFailedEmails1796200000000 } from './1796200000000-order-summary-failed-emails.js';
import { Invoices1796300000000 } from './1796300000000-invoices.js';
import { OrderListMoreSorts1796390000000 } from './1796390000000-order-list-more-sorts.js';
import { OrderDetailHotUpdates1796400000000 } from './1796400000000-order-detail-hot-updates.js';
import { OrderListFrenchClientSort1796500000000 } from './1796500000000-order-list-french-client-sort.js';
import { OrderSummaryNextStep1796600000000 } from './1796600000000-order-summary-next-step.js';
import { Conversation1796700000000 } from './1796700000000-conversation.js';
import { InvoiceDayTotals1796800000000 } from './1796800000000-invoice-day-totals.js';
import { CatalogueVersions1797300000000 } from './1797300000000-catalogue-versions.js';
import { OrderSummaryFirstOwedAgain1797400000000 } from './1797400000000-order-summary-first-owed-again.js';
import { OrderSummaryMovesRead1797500000000 } from './1797500000000-order-summary-moves-read.js';
import { OrderSummaryMoveFacts1797600000000 } from './1797600000000-order-summary-move-facts.js';
import { OrderSummaryCatalogueVersion1797700000000 } from './1797700000000-order-summary-catalogue-version.js';

/**
 * The migrations of the read models' tables and their checkpoints, oldest first: a rebuild's
 * shadow schema is made by these alone.
 */
export const readModelMigrations: readonly MigrationClass[] = [
  ReadModelsBaseline1795543200002,
  OrderSummaryTotalAmount1795629600000,
  AdminOrderList1795655500000,
  OrderSearchIndexNoPendingList1795655600000,
  OrderTimelineErasedDescription1795703000001,
  OrderSearchIndexSmallPendingList1795730000000,
  OrderListSortIndexes1795740000000,
  OrderStateLz41795800000000,
  OrderStateJson1796100000000,
  OrderSummaryFailedEmails1796200000000,
  Invoices1796300000000,
  OrderListMoreSorts1796390000000,
  OrderDetailHotUpdates1796400000000,
  OrderListFrenchClientSort1796500000000,
  OrderSummaryNextStep1796600000000,
  Conversation1796700000000,
  InvoiceDayTotals1796800000000,
  CatalogueVersions1797300000000,
  OrderSummaryFirstOwedAgain1797400000000,
  OrderSummaryMovesRead1797500000000,
  OrderSummaryMoveFacts1797600000000,
  OrderSummaryCatalogueVersion1797700000000,
];
