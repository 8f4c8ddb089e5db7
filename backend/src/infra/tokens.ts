/** Injection tokens of the infrastructure (ports have no class to inject by). */
export const APP_CONFIG = Symbol('AppConfig');
export const PG_POOL = Symbol('PgPool');
export const EVENT_STORE = Symbol('EventStore');
export const READ_MODELS = Symbol('ReadModelsDataSource');
export const REDIS = Symbol('Redis');
