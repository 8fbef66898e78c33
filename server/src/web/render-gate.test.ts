import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate';

/** A render the test finishes by hand. */
const pending = () => {
  let finish!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (finish = resolve));
  return { promise, finish };
};

describe('server renders in flight', () => {
  it('shares one render between requests for the same URL', async () => {
    const gate = new RenderGate<string>(4);
    const render = pending();
    let started = 0;
    const work = () => {
      started += 1;
      return render.promise;
    };
    const first = gate.run('/product/1', work);
    const second = gate.run('/product/1', work);
    render.finish('html');
    expect(await first).toBe('html');
    expect(await second).toBe('html');
    expect(started).toBe(1);
    expect(gate.stats.shared).toBe(1);
    // Done: the next request renders afresh (the page cache keeps the result, not the gate).
    expect(gate.run('/product/1', async () => 'again')).not.toBeNull();
  });

  it('past the cap answers null at once and counts the fallback, then lets renders in again', async () => {
    const gate = new RenderGate<string>(2);
    const a = pending();
    const b = pending();
    const first = gate.run('/a', () => a.promise);
    const second = gate.run('/b', () => b.promise);
    expect(gate.run('/c', async () => 'c')).toBeNull();
    expect(gate.stats.fallbacks).toBe(1);
    a.finish('a');
    await first;
    expect(await gate.run('/c', async () => 'c')).toBe('c');
    b.finish('b');
    expect(await second).toBe('b');
  });

  it('a failed render is not kept: the next request tries again', async () => {
    const gate = new RenderGate<string>(1);
    await expect(gate.run('/x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('/x', async () => 'ok')).toBe('ok');
  });
});
