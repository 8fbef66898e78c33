import { carrierListSchema, DEFAULT_CARRIERS, type Carrier } from '@kanak/shared';

/**
 * CARRIERS: the shop's couriers as JSON, `[{ "code", "name", "trackingUrl", "insuredCap" }]`
 * (trackingUrl https with `{awb}`, insuredCap in rupees). Unset or empty: DEFAULT_CARRIERS.
 * A malformed list stops start-up with what is wrong, rather than refusing every ship later.
 */
export function parseCarriers(text: string | undefined): Carrier[] {
  if (!text?.trim()) return [...DEFAULT_CARRIERS];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      'CARRIERS is not JSON: expected [{"code","name","trackingUrl","insuredCap"}, …]',
    );
  }
  const parsed = carrierListSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `CARRIERS: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'list'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
