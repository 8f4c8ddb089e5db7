import { eventStoreMigrations } from '@coseso/event-store/postgres-adapter';
import { readModelMigrations } from '../migrations/read-model-migrations.js';

/** What the projections' tests need of the schema: the log the projectors read, the tables they write. */
export const projectionTestMigrations = [...eventStoreMigrations, ...readModelMigrations];
