import { describe, expect, it } from 'vitest';
import { searchWords } from './search-products';

describe('searchWords', () => {
  it('keeps letters and digits only, lower-cased, so words are safe inside to_tsquery', () => {
    expect(searchWords('Gold  RING')).toEqual(['gold', 'ring']);
    expect(searchWords("o'clock & | ! :* () -gold")).toEqual(['o', 'clock', 'gold']);
    expect(searchWords('22k हार')).toEqual(['22k', 'हार']);
    expect(searchWords('  %_\\ ')).toEqual([]);
  });
  it('uses at most ten words', () => {
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(10);
  });
});
