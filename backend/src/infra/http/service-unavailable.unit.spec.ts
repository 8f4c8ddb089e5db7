import { QueryFailedError } from 'typeorm';
import { isServiceUnavailable } from './service-unavailable.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isServiceUnavailable', () => {
  it.each([
    ['a refused connection (server stopped)', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    [
      'a session ended by a shutdown',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up', pgError('57P03', 'the database system is starting up')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a connection exception', pgError('08006', 'connection failure')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect attempt that timed out', new Error('timeout exceeded when trying to connect')],
    [
      'the same, wrapped by TypeORM',
      new QueryFailedError('select 1', [], pgError('57P01', 'terminating connection')),
    ],
    ['the same, as the cause of another error', new Error('read failed', { cause: pgError('ECONNRESET') })],
    [
      'a job enqueued while Redis is away',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
    ['a Redis connection closed', new Error('Connection is closed.')],
  ])('says yes for %s', (_, error) => {
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "selec"')],
    ['a query timeout set by the app', pgError('57014', 'canceling statement due to statement timeout')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('says no for %s', (_, error) => {
    expect(isServiceUnavailable(error)).toBe(false);
  });
});
