import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type ArgumentsHost, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ApiExceptionFilter } from './api-exception.filter.js';

/** What the filter answers for `error`, through a stand-in for Express's response. */
function answerTo(error: unknown) {
  const answer = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (answer.headers[name] = value),
    status: (status: number) => ((answer.status = status), response),
    json: (body: unknown) => (answer.body = body),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(error, host);
  return answer;
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const UNAVAILABLE = {
  message: 'Service momentanément indisponible, réessayez dans un instant.',
  code: ErrorCode.SERVICE_UNAVAILABLE,
};

beforeAll(() => Logger.overrideLogger(false));

describe('the API exception filter, when PostgreSQL or Redis cannot be reached', () => {
  it.each([
    ['the server refusing connections', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the server shutting down', pgError('57P01', 'terminating connection due to administrator command')],
    ['the server starting up', pgError('57P03', 'the database system is starting up')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection within the timeout', new Error('timeout exceeded when trying to connect')],
    ['a read model query cut off', new QueryFailedError('select 1', [], pgError('57P01', 'terminating'))],
    [
      'a job that cannot be enqueued',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
  ])('answers 503 in French with Retry-After for %s', (_, error) => {
    expect(answerTo(error)).toEqual({ status: 503, headers: { 'Retry-After': '5' }, body: UNAVAILABLE });
  });

  it('still answers 500, saying nothing, for what is a bug', () => {
    const answer = answerTo(pgError('42601', 'syntax error at or near "selec"'));
    expect(answer.status).toBe(500);
    expect(answer.headers).toEqual({});
    expect(answer.body).toEqual({
      message: 'Une erreur interne est survenue. Veuillez réessayer.',
      code: ErrorCode.INTERNAL,
    });
  });
});
