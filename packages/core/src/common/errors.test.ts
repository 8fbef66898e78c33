import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { DomainError, isUnavailable, notFound, unavailable } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isUnavailable', () => {
  it.each([
    ['connect refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'backend terminated',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['crash shutdown', withCode('terminating connection because of crash', '57P02')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['connection failure', withCode('connection failure', '08006')],
    ['statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['link lost', new Error('Connection terminated unexpectedly')],
    ['pool checkout', new Error('timeout exceeded when trying to connect')],
    ['read timeout', new Error('Query read timeout')],
    ['pool ended', new Error('Cannot use a pool after calling end on the pool')],
    ['redis closed', new Error('Connection is closed.')],
    ['redis timeout', new Error('Command timed out')],
    [
      'redis retries',
      Object.assign(new Error('Reached the max retries per request limit'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    ['wrapped', new Error('could not load products', { cause: withCode('x', 'ECONNREFUSED') })],
    ['aggregate', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])],
    ['explicit', unavailable()],
  ])('%s: unavailable', (_label, error) => {
    expect(isUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['bad integer', withCode('value out of range for type integer', '22003')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a refusal', notFound('Product')],
    ['not an error', 'Connection terminated'],
    ['nothing', null],
  ])('%s: not unavailable', (_label, error) => {
    expect(isUnavailable(error)).toBe(false);
  });

  it('recognises what ioredis throws when a fail-fast client is not connected', async () => {
    const client = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const error: unknown = await client.get('x').catch((e: unknown) => e);
    client.disconnect();
    expect(error).toBeInstanceOf(Error);
    expect(isUnavailable(error)).toBe(true);
  });

  it('keeps the DomainError kind for adapters', () => {
    const error = unavailable();
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('UNAVAILABLE');
  });
});
