/** One line of the bench's table: a figure beside its ceiling and target. */
export interface Row {
  scenario: string;
  'req/s': number | string;
  'p50 ms': number | string;
  'p99 ms': number | string;
  ceiling: string;
  target: string;
  note: string;
}
