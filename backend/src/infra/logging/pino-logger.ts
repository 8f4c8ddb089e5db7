import { type LoggerService } from '@nestjs/common';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type DestinationStream, type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
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
 * would make each line a screen long. Health probes would drown the log.
 */
export const requestLogger = (logger: Logger) =>
  pinoHttp({
    logger,
    autoLogging: { ignore: (request) => request.url === '/api/health' },
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; raw?: IncomingMessage }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode}`,
  });

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
