import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  clampNumber,
  dbSafeText,
  dbText,
  int32,
  int32OrDigits,
  INT32_MAX,
  INT32_MIN,
  isInt32,
} from './db-values';

const messages = {
  type: 'n must be a number',
  whole: 'n must be a whole number',
  min: [0, 'n cannot be negative'],
  max: [INT32_MAX, `n must be at most ${INT32_MAX}`],
} satisfies Parameters<typeof int32>[0];

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('isInt32', () => {
  it('accepts the whole numbers of an integer column and nothing else', () => {
    for (const n of [0, -0, 1, -1, INT32_MAX, INT32_MIN]) expect(isInt32(n), String(n)).toBe(true);
    for (const n of [
      INT32_MAX + 1,
      INT32_MIN - 1,
      2 ** 53,
      1e308,
      5e-324,
      0.5,
      NaN,
      Infinity,
      -Infinity,
      '1',
      null,
    ])
      expect(isInt32(n), String(n)).toBe(false);
  });
});

describe('clampNumber', () => {
  it('clamps finite numbers and gives null for NaN and infinities', () => {
    expect(clampNumber(2 ** 53, 0, INT32_MAX)).toBe(INT32_MAX);
    expect(clampNumber(-5, 0, 10)).toBe(0);
    expect(clampNumber(5e-324, 0, 10)).toBe(5e-324);
    expect(clampNumber(NaN, 0, 10)).toBeNull();
    expect(clampNumber(Infinity, 0, 10)).toBeNull();
  });
});

describe('int32', () => {
  const schema = int32(messages);
  it('keeps whole numbers within the range', () => {
    expect(schema.parse(0)).toBe(0);
    expect(schema.parse(INT32_MAX)).toBe(INT32_MAX);
  });
  it('refuses fractions however small, out-of-range and non-numbers with its own messages', () => {
    expect(firstMessage(schema, 5e-324)).toBe('n must be a whole number');
    expect(firstMessage(schema, 1.5)).toBe('n must be a whole number');
    expect(firstMessage(schema, 2147483647.5)).toBe('n must be a whole number');
    expect(firstMessage(schema, INT32_MAX + 1)).toBe(`n must be at most ${INT32_MAX}`);
    expect(firstMessage(schema, 2 ** 53)).toBe(`n must be at most ${INT32_MAX}`);
    expect(firstMessage(schema, 1e308)).toBe(`n must be at most ${INT32_MAX}`);
    expect(firstMessage(schema, -1)).toBe('n cannot be negative');
    expect(firstMessage(schema, '5')).toBe('n must be a number');
    expect(firstMessage(schema, Infinity)).toBe('n must be a number');
    expect(firstMessage(schema, NaN)).toBe('n must be a number');
  });
  it('cannot be declared wider than an integer column', () => {
    expect(() => int32({ ...messages, max: [2 ** 31, 'too wide'] })).toThrow(/integer column/);
    expect(() => int32({ ...messages, min: [0.5, 'fraction'] })).toThrow(/integer column/);
  });
});

describe('int32OrDigits', () => {
  const schema = int32OrDigits({ ...messages, max: [1000, 'n must be at most 1000'] });
  it('reads digits sent by forms', () => {
    expect(schema.parse('250')).toBe(250);
    expect(schema.parse(' 7 ')).toBe(7);
    expect(schema.parse(9)).toBe(9);
  });
  it('refuses fractions, exponents and digits beyond the range', () => {
    expect(firstMessage(schema, 5e-324)).toBe('n must be a whole number');
    expect(firstMessage(schema, '5e-324')).toBe('n must be a whole number');
    expect(firstMessage(schema, '1.5')).toBe('n must be a whole number');
    expect(firstMessage(schema, '99999999999999999999')).toBe('n must be at most 1000');
    expect(schema.safeParse(true).success).toBe(false);
  });
});

describe('dbText', () => {
  it('drops NUL and turns lone surrogates into U+FFFD, keeping pairs', () => {
    expect(dbText('a\u0000b')).toBe('ab');
    expect(dbText('\uD800x\uDFFF')).toBe('\uFFFDx\uFFFD');
    expect(dbText('\uDBFF\uDBFF')).toBe('\uFFFD\uFFFD');
    expect(dbText('😀 ok')).toBe('😀 ok');
  });
  it('runs before the length checks of a string schema', () => {
    const schema = z.string().check(dbSafeText, z.trim(), z.minLength(1, 'required'));
    expect(firstMessage(schema, '\u0000\u0000')).toBe('required');
    expect(schema.parse(' a\u0000 ')).toBe('a');
  });
});
