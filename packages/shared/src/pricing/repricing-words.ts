import type { RatesPreview, RepricingView } from './schemas';

// The rate-publish confirmation and the repricing's progress say the same two counts in the
// same words: metal-priced products walked, and how many of them change price.
const count = (n: number) => n.toLocaleString('en-IN');
const products = (n: number) => `${count(n)} metal-priced product${n === 1 ? '' : 's'}`;

/** The confirmation before publishing: how many change price, of how many repriced. */
export function publishSummary(preview: RatesPreview): string {
  const of = preview.metalPriced === undefined ? '' : ` of ${products(preview.metalPriced)}`;
  if (preview.products === 0) return `No price changes${of ? `: 0${of}` : ''}.`;
  const sign = preview.averageChangePercent > 0 ? '+' : '';
  return `${count(preview.products)}${of || ' products'} change price, by ${sign}${preview.averageChangePercent.toFixed(2)} % on average.`;
}

/** The progress line: products walked of the total, and how many changed price. */
export function repricingSummary(repricing: RepricingView): string {
  const changed =
    repricing.changed === undefined ? '' : `: ${count(repricing.changed)} changed price`;
  if (repricing.status === 'done')
    return `Repriced ${products(repricing.total)}${changed}${repricing.seconds !== null ? ` in ${repricing.seconds.toFixed(1)} s` : ''}`;
  if (repricing.status === 'superseded') return 'Superseded by a newer publish';
  if (repricing.status === 'queued') return 'Waiting for the worker…';
  return `Repricing… ${count(repricing.done)} of ${products(repricing.total)}${changed ? `${changed} so far` : ''}`;
}
