import { findIndianState } from '../account/indian-states';

/** A 6-digit Indian PIN code: the first digit is the postal region, never 0. */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;

/** The courier form's message for a PIN that is not six digits. */
export const PIN_MESSAGE = 'Enter a 6-digit PIN code (it cannot start with 0)';
/** The same message where a PIN is typed on its own (the product page's delivery check). */
export const PIN_INPUT_MESSAGE = PIN_MESSAGE;

export const isPinShaped = (pin: string): boolean => PIN_PATTERN.test(pin.trim());

/** What a shopper (or a REST client) reads when the PIN is not one the directory knows. */
export const unknownPinMessage = (pin: string) =>
  `PIN ${pin.trim()} is not an Indian PIN code we know: enter the 6-digit PIN of the delivery address`;

/**
 * The refusal of a PIN and a state that do not agree, naming both: "PIN 110001 is in Delhi, not
 * Maharashtra". The form and the server print the same text.
 */
export const pinStateMessage = (pin: string, pinStates: readonly string[], typed: string) =>
  `PIN ${pin.trim()} is in ${pinStates.join(' or ')}, not ${typed.trim() || 'the state given'}`;

/**
 * Whether a typed state is one of the PIN's states (a few PINs near a border serve two), read the
 * way findIndianState reads it: case, spacing, "&", codes (MH, KA) and old names (Orissa) aside.
 */
export function stateMatchesPin(pinStates: readonly string[], typed: string): boolean {
  const state = findIndianState(typed);
  return state !== undefined && pinStates.includes(state.name);
}

/** The refusal for this pair, or null when the typed state is one of the PIN's. */
export const pinStateProblem = (
  pin: string,
  pinStates: readonly string[],
  typed: string,
): string | null =>
  stateMatchesPin(pinStates, typed) ? null : pinStateMessage(pin, pinStates, typed);
