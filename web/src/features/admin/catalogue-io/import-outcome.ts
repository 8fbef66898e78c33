import type { ImportStatus } from '@kanak/shared';

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** What an applied import did, counted exactly: saved rows, and refused ones (listed below it). */
export function appliedOutcome(status: Pick<ImportStatus, 'saved' | 'refused'>): string {
  if (status.refused === 0)
    return status.saved === 1
      ? 'Applied: the row is saved.'
      : `Applied: all ${rows(status.saved)} saved.`;
  return `Applied: ${rows(status.saved)} saved, ${rows(status.refused)} refused:`;
}
