import { describe, expect, it } from 'vitest';
import { appliedOutcome } from './import-outcome';

describe('appliedOutcome', () => {
  it('counts the saved and the refused rows, never "every row" when one was refused', () => {
    expect(appliedOutcome({ saved: 3, refused: 0 })).toBe('Applied: all 3 rows saved.');
    expect(appliedOutcome({ saved: 1, refused: 0 })).toBe('Applied: the row is saved.');
    expect(appliedOutcome({ saved: 2, refused: 1 })).toBe('Applied: 2 rows saved, 1 row refused:');
    expect(appliedOutcome({ saved: 0, refused: 2 })).toBe('Applied: 0 rows saved, 2 rows refused:');
  });
});
