import { type QueryRunner } from 'typeorm';
import { quoteIdent } from '../postgres-schema.js';

/** The schema a migration runs in, quoted: each statement names it, as tests and rebuilds each have a schema of their own. */
export const schemaOf = (db: QueryRunner) => quoteIdent(db.connection.driver.schema ?? 'public');
