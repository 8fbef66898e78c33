import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workerConfigSchema } from './config';

// The configuration reference is read by operators, who cannot read the schema: every variable
// the worker parses must be named there.
const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

describe('docs/configuration.md', () => {
  it('names every variable the worker reads', () => {
    const names = Object.keys(workerConfigSchema.shape);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});
