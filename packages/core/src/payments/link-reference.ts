import { randomBytes } from 'node:crypto';

// Razorpay wants a payment link's reference_id unique per link (at most 40 characters), and an
// order or an instalment may need several links (one expired, a re-quote). The reference is the
// owner's id without dashes and a random suffix; links made before carried the bare id.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^([0-9a-f]{32})-[0-9a-f]{6}$/i;

/** A fresh reference for a link of this order (or enrolment): 39 characters. */
export function newLinkReference(ownerId: string): string {
  return `${ownerId.replace(/-/g, '').toLowerCase()}-${randomBytes(3).toString('hex')}`;
}

/** The order (or enrolment) id a link's reference names, or null for one that names none. */
export function referenceOwner(reference: string | undefined | null): string | null {
  if (!reference) return null;
  if (UUID.test(reference)) return reference.toLowerCase();
  const hex = REFERENCE.exec(reference)?.[1]?.toLowerCase();
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
