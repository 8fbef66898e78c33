import { describe, expect, it } from 'vitest';
import { statusTone } from './status-tone';

describe('statusTone', () => {
  it('colours each status as spec section 4 says', () => {
    expect(statusTone('CONFIRMED')).toBe('green');
    expect(statusTone('SHIPPED')).toBe('blue');
    expect(statusTone('PLACED')).toBe('teal');
    expect(statusTone('PENDING')).toBe('grey');
  });

  it('colours every other status maroon', () => {
    expect(statusTone('DELIVERED')).toBe('maroon');
    expect(statusTone('CANCELLED')).toBe('maroon');
    expect(statusTone('ANYTHING')).toBe('maroon');
  });
});
