import { type LoggerService } from '@nestjs/common';
import { type RequestHandler } from 'express';
import { type DestinationStream, type Logger, pino } from 'pino';
import { type AppConfig } from '../../config/app-config.js';
import { prettyLogLine } from './pretty-log-line.js';

export type LogFormat = 'json' | 'pretty';

/** JSON for machines (production, files, pipes); one readable line per entry on a developer's terminal. */
export function logFormatOf(config: Pick<AppConfig, 'LOG_FORMAT' | 'NODE_ENV'>, isTty: boolean): LogFormat {
  if (config.LOG_FORMAT) return config.LOG_FORMAT;
  return isTty && config.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/** Writes each JSON line pino makes as one readable line; a line it cannot read goes out as it came. */
const prettyStream = (out: NodeJS.WritableStream, colours: boolean): DestinationStream => ({
  write(line: string) {
    out.write(`${prettyLogLine(line, { colours })}\n`);
  },
});

/** The process's one logger: JSON lines on stdout (or pretty ones on a terminal), secrets redacted. */
export function createLogger(config: AppConfig, out: NodeJS.WriteStream = process.stdout): Logger {
  const options = {
    level: config.LOG_LEVEL,
    // Sessions travel in cookies, back-office tokens in Authorization: neither may reach a log line.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  return logFormatOf(config, out.isTTY === true) === 'pretty'
    ? pino(options, prettyStream(out, out.hasColors?.() ?? false))
    : pino(options);
}

/**
 * One line per HTTP request, with what it takes to follow a request and nothing more: headers
 * would make each line a screen long. Health probes would drown the log. Written here rather than
 * with pino-http, whose per-request child logger serialised the request on every call (a tenth of
 * the autosave's own cost in a profile): this copies three fields when the answer is done.
 */
export function requestLogger(logger: Logger): RequestHandler {
  let lastId = 0;
  return (request, response, next) => {
    if (request.url === '/api/health') return next();
    const id = ++lastId;
    const started = performance.now();
    const { method, originalUrl: url } = request;
    response.once('close', () => {
      const { statusCode } = response;
      const responseTime = Math.round(performance.now() - started);
      const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
      const ended = response.writableFinished ? '' : ' (connexion fermée avant la fin)';
      logger[level](
        { req: { id, method, url }, res: { statusCode }, responseTime },
        `${method} ${url} ${statusCode} ${responseTime} ms${ended}`,
      );
    });
    next();
  };
}

/** Nest's start-up inventory (every module, controller and route): useful when debugging, noise otherwise. */
const startupInventory = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's own messages (bootstrap, routes, errors) through the same pino logger. Written here
 * rather than taken from nestjs-pino: its request-scoped context needs AsyncLocalStorage, whose
 * promise hooks tax every await of every request, and nothing here needs that context.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.write(context && startupInventory.has(context) ? 'debug' : 'info', message, context);
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
