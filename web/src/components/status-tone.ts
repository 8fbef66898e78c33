export type StatusTone = 'green' | 'blue' | 'teal' | 'grey' | 'maroon';

/** Badge colours of spec section 4: CONFIRMED green, SHIPPED blue, PLACED teal, PENDING grey, any other maroon. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'CONFIRMED':
      return 'green';
    case 'SHIPPED':
      return 'blue';
    case 'PLACED':
      return 'teal';
    case 'PENDING':
      return 'grey';
    default:
      return 'maroon';
  }
}
