import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newRequestId } from '@kanak/core';
import { loadConfig } from '../config';
import { requestIdGenerator } from './request-id';

/** A request as node hands it over: a peer address and an X-Request-Id header. */
const request = (peer: string, id: string) =>
  ({
    headers: { 'x-request-id': id },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

const generator = (TRUST_PROXY: string) => requestIdGenerator(loadConfig({ TRUST_PROXY }));

describe('X-Request-Id is kept only from a trusted proxy', () => {
  const proxied = newRequestId();

  it('keeps the id a listed proxy sent, and replaces one sent by any other peer', () => {
    const id = generator('10.0.0.0/8,127.0.0.1');
    expect(id(request('10.1.2.3', proxied))).toBe(proxied);
    expect(id(request('127.0.0.1', proxied))).toBe(proxied);
    // A client reaching the server directly (around the proxy) cannot name its request.
    const direct = id(request('203.0.113.9', proxied));
    expect(direct).not.toBe(proxied);
    expect(direct).toMatch(/^[0-9a-f-]{36}$/);
    expect(id(request('::ffff:203.0.113.9', proxied))).not.toBe(proxied);
  });

  it('trusts the peer with a hop count or "true" (it is the nearest proxy), and no one with false', () => {
    expect(generator('1')(request('172.18.0.5', proxied))).toBe(proxied);
    expect(generator('true')(request('172.18.0.5', proxied))).toBe(proxied);
    expect(generator('false')(request('127.0.0.1', proxied))).not.toBe(proxied);
  });

  it('never keeps an id that is not a valid one, even from the proxy', () => {
    expect(generator('127.0.0.1')(request('127.0.0.1', 'x y\tz'))).not.toBe('x y\tz');
  });
});

describe('a trace context is taken only from a trusted proxy', () => {
  const traced = (peer: string) =>
    ({
      headers: {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        tracestate: 'vendor=x',
        baggage: 'user=someone-else',
        'x-request-id': newRequestId(),
      },
      socket: { remoteAddress: peer },
    }) as unknown as IncomingMessage;

  it("drops a client's traceparent, tracestate and baggage, and keeps a listed proxy's", () => {
    const id = generator('10.0.0.0/8');
    const direct = traced('203.0.113.9');
    id(direct);
    expect(Object.keys(direct.headers)).toEqual(['x-request-id']);
    const proxied = traced('10.1.2.3');
    id(proxied);
    expect(proxied.headers.traceparent).toMatch(/^00-0af7/);
    expect(proxied.headers.baggage).toBe('user=someone-else');
  });

  it('drops it from everyone when no proxy is trusted', () => {
    const request = traced('127.0.0.1');
    generator('false')(request);
    expect(request.headers.traceparent).toBeUndefined();
  });
});
