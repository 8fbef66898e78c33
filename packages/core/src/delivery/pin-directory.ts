import directory from './pin-directory.json';

/** One PIN of India Post's directory: its state(s) and the district most of its offices name. */
export interface PinEntry {
  pin: string;
  /** Canonical names (INDIAN_STATES); a few PINs on a border serve two states. */
  states: string[];
  district: string | null;
}

let byPin: Map<string, PinEntry> | undefined;

/**
 * The directory (pin-directory.json, built by scripts/build-pin-directory.ts from India Post's
 * directory as GeoNames publishes it), read into a map on first use: 19,000 PINs, a few MB.
 */
function entries(): Map<string, PinEntry> {
  if (byPin) return byPin;
  const map = new Map<string, PinEntry>();
  for (const row of directory.pins.split(',')) {
    const [pin = '', stateIds = '', districtId = ''] = row.split(':');
    map.set(pin, {
      pin,
      states: stateIds.split('+').map((i) => directory.states[Number(i)] ?? ''),
      district: directory.districts[Number(districtId)] || null,
    });
  }
  byPin = map;
  return map;
}

/** The directory's entry for a PIN (trimmed), or undefined for a PIN India Post does not list. */
export const lookupPin = (pin: string): PinEntry | undefined => entries().get(pin.trim());

/** Every PIN of the directory, in order (tests take one of each state from it). */
export const directoryPins = (): Iterable<PinEntry> => entries().values();

/** Where the directory comes from, for the README and the OpenAPI text. */
export const PIN_DIRECTORY_SOURCE: string = directory.source;
