import {
  EXCHANGE_SLOT_DAYS_AHEAD,
  purityLabel,
  SLOT_WINDOW_LABELS,
  type ExchangeSlot,
  type OldGoldPiece,
} from '@kanak/shared';
import { badRequest } from '../common';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** 2026-12-10 → 10 Dec 2026, as documents and mails write a date. */
export const longIndiaDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A slot is a real day from tomorrow to two weeks ahead (India dates). */
export function checkSlot(slot: ExchangeSlot, today: string): void {
  const day = dayNumber(slot.date);
  const ahead = day - dayNumber(today);
  if (!Number.isFinite(day) || new Date(day * DAY_MS).toISOString().slice(0, 10) !== slot.date)
    throw badRequest('Choose a day', { field: 'slot.date' });
  if (ahead < 1 || ahead > EXCHANGE_SLOT_DAYS_AHEAD)
    throw badRequest(
      `Choose a day from tomorrow to ${EXCHANGE_SLOT_DAYS_AHEAD} days ahead (${longIndiaDate(today)} is today)`,
      { field: 'slot.date' },
    );
}

/** "Insured pickup on 10 Dec 2026, 10 am – 1 pm, at 12, 3rd Cross… 560038". */
export function visitLine(input: {
  visit: 'pickup' | 'store';
  address?: string | null;
  pin?: string | null;
  slot?: ExchangeSlot | null;
}): string {
  const when = input.slot
    ? ` on ${longIndiaDate(input.slot.date)}, ${SLOT_WINDOW_LABELS[input.slot.window]}`
    : '';
  return input.visit === 'pickup'
    ? `Insured pickup${when}, at ${input.address ?? ''} ${input.pin ?? ''}`.trim()
    : `Store visit${when || ' at a time that suits you: we will call to fix it'}`;
}

export const describedPiece = (p: OldGoldPiece) =>
  `${purityLabel(p.metal, p.purity)} ${p.metal}, ${
    p.netWeight !== null ? `${p.netWeight} g net` : `${p.grossWeight} g gross (net unknown)`
  }`;

export const testedPiece = (p: { fineness: number; grossWeight: number; netWeight: number }) =>
  `fineness ${p.fineness} (karat meter), ${p.grossWeight} g gross, ${p.netWeight} g net`;
