import { describe, expect, it } from 'vitest';
import { CATALOGUE_MENU } from './menu';
import { METALS } from './options';

describe('catalogue menu', () => {
  it('lists every metal once under Jewellery Types', () => {
    const types = CATALOGUE_MENU.flatMap((top) => top.sections).find(
      (s) => s.id === 'jewellery-types',
    );
    expect(types?.items.map((i) => i.id).sort()).toEqual([...METALS].sort());
  });
});
