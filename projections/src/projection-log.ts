/** The little the projections need from a logger (pino fits). */
export interface ProjectionLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLog: ProjectionLog = { info() {}, warn() {}, error() {} };
