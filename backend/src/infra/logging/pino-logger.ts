import { type LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { type AppConfig } from '../../config/app-config.js';

/** The process's one logger: JSON lines on stdout, secrets redacted. */
export const createLogger = (config: AppConfig): Logger =>
  pino({
    level: config.LOG_LEVEL,
    // Sessions travel in cookies, back-office tokens in Authorization: neither may reach a log line.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });

/** One line per HTTP request. Health probes would drown the log. */
export const requestLogger = (logger: Logger) =>
  pinoHttp({ logger, autoLogging: { ignore: (request) => request.url === '/api/health' } });

/**
 * Nest's own messages (bootstrap, routes, errors) through the same pino logger. Written here
 * rather than taken from nestjs-pino: its request-scoped context needs AsyncLocalStorage, whose
 * promise hooks tax every await of every request, and nothing here needs that context.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string) {
    this.write('error', message, context ?? stackOrContext);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    context?: string,
  ) {
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message });
    else this.logger[level]({ context }, String(message));
  }
}
