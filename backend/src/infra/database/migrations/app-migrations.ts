import { type MigrationClass } from '@coseso/event-store/postgres-adapter';
import { AppBaseline1795543200003 } from './1795543200003-app-baseline.js';
import { DevMailboxIdempotencyKey1795701000000 } from './1795701000000-dev-mailbox-idempotency-key.js';
import { DataSubjectKeys1795703000000 } from './1795703000000-data-subject-keys.js';
import { EmailDeliveries1795900000000 } from './1795900000000-email-deliveries.js';
import { DevMailboxOrderId1796000000000 } from './1796000000000-dev-mailbox-order-id.js';
import { DevMailboxAttachments1796300000001 } from './1796300000001-dev-mailbox-attachments.js';
import { AdminResetLinks1796400000000 } from './1796400000000-admin-reset-links.js';
import { TeamDeactivation1796900000000 } from './1796900000000-team-deactivation.js';
import { MessageEmailWindows1796700000001 } from './1796700000001-message-email-windows.js';
import { TeamAlerts1797100000000 } from './1797100000000-team-alerts.js';
import { TeamPosition1797250000000 } from './1797250000000-team-position.js';
import { SandboxRefundsAndPeriods1796800000000 } from './1796800000000-sandbox-refunds-and-periods.js';

/**
 * The migrations of the app's own tables (accounts, sessions, contracts, the reactors' checkpoints,
 * the dev mailbox, the sandbox, the email deliveries, the subjects' keys, the order numbers), oldest first.
 */
export const appMigrations: readonly MigrationClass[] = [
  AppBaseline1795543200003,
  DevMailboxIdempotencyKey1795701000000,
  DataSubjectKeys1795703000000,
  EmailDeliveries1795900000000,
  DevMailboxOrderId1796000000000,
  DevMailboxAttachments1796300000001,
  AdminResetLinks1796400000000,
  MessageEmailWindows1796700000001,
  SandboxRefundsAndPeriods1796800000000,
  TeamDeactivation1796900000000,
  TeamAlerts1797100000000,
  TeamPosition1797250000000,
];
