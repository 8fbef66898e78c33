import * as z from 'zod/mini';
import { decimal } from '../pricing/schemas';
import { CERTIFICATE_LABS, STONE_ORIGINS, type StoneOriginValue } from './origins';
import { textField } from '../validation/db-values';

/**
 * A product's stones and their certificates. Disclosure (BIS IS 15766:2024 on diamond
 * terminology, and the Consumer Protection Act's misleading-advertisement rules): "diamond"
 * alone means a natural diamond; a laboratory-grown one is named "laboratory-grown diamond"
 * wherever the product is shown (abbreviations such as "LGD" are discouraged).
 */

const text = (what: string, max = 60) =>
  z.optional(z.nullable(textField().check(z.trim(), z.maxLength(max, `${what} is too long`))));

export const stoneInput = z
  .object({
    kind: textField('Stone kind is required (diamond or the gemstone’s name)').check(
      z.trim(),
      z.minLength(1, 'Stone kind is required (diamond or the gemstone’s name)'),
      z.maxLength(60, 'Stone kind is too long'),
    ),
    origin: z.enum(STONE_ORIGINS, 'Stone origin must be natural or laboratory-grown'),
    count: z
      .number('Stone count must be a whole number from 1')
      .check(z.int('Stone count must be a whole number from 1'), z.minimum(1), z.maximum(10_000)),
    // numeric(8,3): three decimals at most, so nothing is rounded away silently.
    carat: decimal({ label: 'Total carat', places: 3, max: 10_000, allowZero: true }),
    colour: text('Colour'),
    clarity: text('Clarity'),
    cut: text('Cut'),
    certificate: z.optional(
      z.nullable(
        z.object({
          lab: z.enum(CERTIFICATE_LABS, 'Certificate lab must be IGI, GIA, SGL or other'),
          number: textField('Certificate number is required').check(
            z.trim(),
            z.minLength(1, 'Certificate number is required'),
            z.maxLength(40, 'Certificate number is too long'),
          ),
          url: text('Certificate link', 500),
        }),
      ),
    ),
  })
  .check(
    z.refine(
      (s) => !s.certificate?.url || /^(\/|https?:\/\/)/.test(s.certificate.url),
      'Certificate link must be an uploaded file (/media/…) or an http(s) address',
    ),
  );
export type StoneInput = z.infer<typeof stoneInput>;

export const stonesInput = z.array(stoneInput).check(z.maxLength(20, 'At most 20 stone rows'));

export const LAB_GROWN_DIAMOND = 'laboratory-grown diamond';

const isDiamond = (kind: string) => /diamond/i.test(kind);

/** "diamond" said without the laboratory-grown qualifier somewhere in the text. */
export function saysBareDiamond(text: string): boolean {
  const qualified = /(laboratory|lab)[-\s]grown\s+diamonds?/gi;
  return /diamond/i.test(text.replace(qualified, ''));
}

export const DISCLOSURE_RULE =
  'A laboratory-grown diamond must be named "laboratory-grown diamond": "diamond" alone means a natural diamond (BIS IS 15766).';

/**
 * The disclosure rule for a product being saved: when any of its diamonds is laboratory-grown,
 * every "diamond" in the title and description must carry the qualifier. Answers the refusal's
 * message, or null when the product may be saved.
 */
export function disclosureProblem(product: {
  title: string;
  description: string;
  stones: readonly { kind: string; origin: StoneOriginValue }[];
}): string | null {
  const labGrown = product.stones.some((s) => isDiamond(s.kind) && s.origin === 'laboratory-grown');
  if (!labGrown) return null;
  const where = [
    saysBareDiamond(product.title) ? 'title' : null,
    saysBareDiamond(product.description) ? 'description' : null,
  ].filter(Boolean);
  return where.length
    ? `The ${where.join(' and ')} says "diamond" but the diamonds are laboratory-grown. ${DISCLOSURE_RULE}`
    : null;
}

/** A stone's name as shown: laboratory-grown diamonds always with the qualifier. */
export function stoneName(stone: { kind: string; origin: StoneOriginValue }): string {
  if (stone.origin !== 'laboratory-grown') return stone.kind;
  return isDiamond(stone.kind) ? LAB_GROWN_DIAMOND : `laboratory-grown ${stone.kind}`;
}

/** The listing's origin filter (?origin=natural|laboratory-grown). */
export const originFilter = z.optional(z.enum(STONE_ORIGINS));

export const productStoneView = z.object({
  kind: z.string(),
  /** The name to show (the disclosure applied). */
  name: z.string(),
  origin: z.enum(STONE_ORIGINS),
  count: z.number(),
  carat: z.number(),
  colour: z.nullable(z.string()),
  clarity: z.nullable(z.string()),
  cut: z.nullable(z.string()),
  certificate: z.nullable(
    z.object({ lab: z.string(), number: z.string(), url: z.nullable(z.string()) }),
  ),
});
export type ProductStoneView = z.infer<typeof productStoneView>;

const isCertificateLab = (lab: string): lab is (typeof CERTIFICATE_LABS)[number] =>
  (CERTIFICATE_LABS as readonly string[]).includes(lab);

/**
 * A product's stones as shown, back as the rows the product form and the catalogue file edit
 * (the shown name is the disclosure's, not a field). A lab the list lacks reads "other" in the
 * form; the catalogue file keeps it as stored (`keepStoredLab`), for the owner to fix there.
 */
export function stoneRowsOf(
  stones: readonly ProductStoneView[] | undefined,
  { keepStoredLab = false }: { keepStoredLab?: boolean } = {},
): z.input<typeof stoneInput>[] {
  return (stones ?? []).map((s) => ({
    kind: s.kind,
    origin: s.origin,
    count: s.count,
    carat: s.carat,
    colour: s.colour,
    clarity: s.clarity,
    cut: s.cut,
    certificate: s.certificate && {
      lab:
        isCertificateLab(s.certificate.lab) || keepStoredLab
          ? (s.certificate.lab as (typeof CERTIFICATE_LABS)[number])
          : 'other',
      number: s.certificate.number,
      url: s.certificate.url,
    },
  }));
}
