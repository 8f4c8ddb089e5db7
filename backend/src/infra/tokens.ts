/** Injection tokens of the infrastructure (ports have no class to inject by). */
export const APP_CONFIG = Symbol('AppConfig');
export const PG_POOL = Symbol('PgPool');
export const EVENT_STORE = Symbol('EventStore');
/**
 * The same store seen for its crypto-shredding (`PersonalData`): what forgets decrypted state on an
 * erasure listens there, what erases destroys keys there. Optional where a test builds a plain store.
 */
export const PERSONAL_DATA = Symbol('PersonalData');
/** The log as this process's subscriptions (projectors, reactors) read it, one reading for all (SharedLogReads). */
export const LIVE_LOG_READS = Symbol('LiveLogReads');
export const READ_MODELS = Symbol('ReadModelsDataSource');
export const REDIS = Symbol('Redis');
/** The Clock port (`@coseso/domain/shared/clock`): what the app takes for now; tests move it. */
export const CLOCK = Symbol('Clock');
