import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config';

// The configuration reference is read by operators, who cannot read the schema: every variable
// the server parses must be named there.
const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

describe('docs/configuration.md', () => {
  it('names every variable the server reads', () => {
    const names = Object.keys(configSchema.shape);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});
