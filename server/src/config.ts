import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_DELIVERY_HOLIDAYS,
  DEFAULT_DELIVERY_ZONES,
  DEFAULT_LINK_TTL_MINUTES,
  deliveryZoneSchema,
  DEVELOPMENT_SECRETS,
  envFlag,
  parseCarriers,
  parseEnv,
  sharedEnvShape,
  trustProxySetting,
} from '@kanak/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Compose passes an unset variable as an empty string: empty means unset. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();
const optionalUrl = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://storage:9000' }),
  ])
  .transform((v) => v || undefined)
  .optional();

/** A link shown to shoppers (the footer's social icons): http(s) only, empty is unset. */
const optionalLink = z
  .union([
    z.literal(''),
    z.url({
      protocol: /^https?$/,
      error: 'expected an http(s) URL such as https://instagram.com/kanak',
    }),
  ])
  .transform((v) => v || undefined)
  .optional();

/** JSON text read as a value; text that is not JSON is left for the schema to refuse by name. */
const jsonText = (text: unknown) => {
  if (typeof text !== 'string') return text;
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** DELIVERY_ZONES: a JSON array of zones (README "Delivery promise"); unset: all of India. */
const deliveryZones = z.preprocess(
  jsonText,
  z
    .array(deliveryZoneSchema)
    .min(1)
    .default([...DEFAULT_DELIVERY_ZONES]),
);

/** DELIVERY_HOLIDAYS: comma-separated YYYY-MM-DD (one day) or MM-DD (every year). */
const deliveryHolidays = csv
  .pipe(z.array(z.string().regex(/^(\d{4}-)?\d{2}-\d{2}$/, 'expected YYYY-MM-DD or MM-DD')))
  .default([...DEFAULT_DELIVERY_HOLIDAYS]);

/** Every environment variable the server reads (its own and those it shares with the worker); README lists them. */
const configFields = z.object({
  ...sharedEnvShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless told: a development shop (demo admin, development secrets) is not for the café's network. */
  HOST: z.string().default('127.0.0.1'),
  /** /metrics on a port of its own (on METRICS_HOST); unset: only on the shop's port behind METRICS_TOKEN. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Signs login tokens. Production refuses a development default or fewer than 32 characters. */
  JWT_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.JWT_SECRET),
  JWT_EXPIRES_IN: z.string().default('7d'),
  /** How often an open live-events stream checks that its account's sessions were not ended. */
  SESSION_RECHECK_MS: z.coerce.number().int().min(100).max(60_000).default(30_000),
  CORS_ORIGINS: csv.default(['http://localhost:5173']),
  /** Where uploaded images are kept when S3_BUCKET is not set (one machine only). */
  UPLOAD_DIR: z.string().default(path.join(root, 'var/uploads')),
  /**
   * S3 bucket for uploaded images; set it to run more than one server (every replica reads every
   * image). Unset: images stay in UPLOAD_DIR.
   */
  S3_BUCKET: optionalText,
  /** An S3-compatible server (MinIO: http://storage:9000); unset means AWS S3 itself. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Both or neither; neither uses the AWS SDK's own lookup (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: envFlag.default(false),
  /** Bound on connecting to storage and on waiting for its answer, per attempt (two at most). */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  WEB_DIST: z.string().default(path.join(root, 'web/dist')),
  /** The storefront's server render (`pnpm build`); unset: dist-ssr beside WEB_DIST; `off`: none. */
  SSR_BUNDLE: z.string().optional(),
  /** Which proxies may name the client's address (X-Forwarded-For); off by default. */
  TRUST_PROXY: trustProxySetting.default(false),
  ORDER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** The most an order may total (rupees) to be paid by cash on delivery. */
  COD_MAX_RUPEES: z.coerce.number().int().min(0).default(50_000),
  /** Days a shopper who refused a COD parcel is not offered cash on delivery. */
  COD_BLOCK_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  /** Minutes the mailed COD code is good for; an order not confirmed by then is cancelled. */
  COD_CONFIRM_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** Rupees added to a COD order, invoiced as its own line with its GST; 0: none. */
  COD_FEE_RUPEES: z.coerce.number().int().min(0).max(10_000).default(0),
  // Razorpay takes expire_by at least 15 minutes ahead; the sandbox honours any.
  PAYMENT_LINK_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(DEFAULT_LINK_TTL_MINUTES),
  /** How often the outbox relay looks for rows other processes left unsent (its own are sent at once). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** A row relayed this long ago without an outcome is relayed again (Redis may have lost the job). */
  OUTBOX_RESEND_AFTER_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Login and sign-up attempts per client address per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Failed logins for one e-mail from one address per 15 minutes before that pair is locked. */
  AUTH_FAILED_LOGINS_PER_EMAIL: z.coerce.number().int().positive().default(10),
  /**
   * Failed logins for one e-mail from all addresses per hour (the slower limit against guessing
   * from many addresses); addresses the owner has logged in from before are not held by it.
   */
  AUTH_FAILED_LOGINS_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(100),
  /** Accounts created per client address per hour. */
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Orders placed per customer per hour. */
  RATE_LIMIT_ORDERS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Reviews written per customer per hour. */
  RATE_LIMIT_REVIEWS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Images uploaded per admin per hour. */
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(300),
  /** Payment returns (GET /api/payment) per client address per minute. */
  RATE_LIMIT_PAYMENT_RETURNS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Payment webhooks per client address per minute. */
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** "Forgot password" requests per client address per hour (429 past it). */
  RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Reset mails per e-mail per hour (past it: the same answer, no mail). */
  RATE_LIMIT_RESET_MAILS_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** Back-in-stock sign-ups per client address per hour. */
  RATE_LIMIT_STOCK_ALERTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Back-in-stock sign-ups per e-mail per day. */
  RATE_LIMIT_STOCK_ALERTS_PER_EMAIL_PER_DAY: z.coerce.number().int().positive().default(10),
  /** Most calls one tRPC batch request may carry. */
  TRPC_MAX_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(25),
  /** Bound on each Redis command a request waits on (login rate limits, health). */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(300),
  /** Bound on each dependency check of GET /api/health. */
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  /** Memory for the catalogue read cache (listings, products, search); 0 turns it off. */
  CATALOG_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Longest a cached catalogue answer is kept, should an invalidation ever be missed. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /** Memory for server-rendered storefront pages (visitors' HTML); 0 renders every request. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  /**
   * Server renders at once per process; past it a visitor gets the browser-rendered page at once
   * (counted in kanak_ssr_fallbacks_total) instead of waiting behind the others.
   */
  SSR_MAX_RENDERS: z.coerce.number().int().min(1).max(256).default(4),
  /** The delivery promise's zones by PIN prefix (days, insured cap) and the days not counted. */
  DELIVERY_ZONES: deliveryZones,
  DELIVERY_HOLIDAYS: deliveryHolidays,
  /** Minutes a catalogue import's dry run may still be applied (the shop moves meanwhile). */
  IMPORT_CHECK_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Days after delivery an unworn piece may be returned (quoted on the policy pages). */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /** Share of the metal value paid on exchange for a new piece, in percent. */
  EXCHANGE_PERCENT: z.coerce.number().min(0).max(100).default(100),
  /** Share of the metal value paid on buyback, in percent. */
  BUYBACK_PERCENT: z.coerce.number().min(0).max(100).default(85),
  SUPPORT_EMAIL: z.string().trim().min(1).default('care@kanak.shop'),
  SUPPORT_PHONE: z.string().trim().min(1).default('+91 80 4000 1234'),
  SHOP_ADDRESS: z.string().trim().min(1).default('12 Residency Road, Bengaluru, Karnataka 560025'),
  /** The Grievance Officer the IT Rules 2021 (e-commerce) and the DPDP Act 2023 ask a shop to name. */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).default('Meera Iyer'),
  GRIEVANCE_OFFICER_EMAIL: z.string().trim().min(1).default('grievance@kanak.shop'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(1).default('+91 80 4000 1299'),
  /** Social links of the footer; each one unset is hidden. */
  SOCIAL_INSTAGRAM_URL: optionalLink,
  SOCIAL_FACEBOOK_URL: optionalLink,
  SOCIAL_YOUTUBE_URL: optionalLink,
  SOCIAL_PINTEREST_URL: optionalLink,
  SOCIAL_X_URL: optionalLink,
  /** true: only an account that bought a product (a paid order) may review or rate it. */
  REVIEWS_FROM_BUYERS_ONLY: envFlag.default(false),
  /**
   * Shipping needs a HUID for each hallmarked gold piece of 2 g or more (the law since 2023, so
   * on by default): the invoice that goes with the parcel prints them. A shop that is not
   * NODE_ENV=production may ship without them by giving a reason, kept on the ship's event.
   */
  HUID_REQUIRED_TO_SHIP: envFlag.default(true),
  /** true: an order above ₹2,00,000 ships only once the buyer's PAN is recorded. */
  PAN_REQUIRED_TO_SHIP: envFlag.default(false),
  /** The shop's couriers as JSON (parseCarriers); unset: BVC, Sequel, Blue Dart, Delhivery, India Post. */
  CARRIERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      try {
        return parseCarriers(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

/** The variables above, with the S3 settings checked as a whole. */
export const configSchema = configFields.superRefine((config, ctx) => {
  // A half-done storage setup would quietly keep images on one machine's disk, or fail later.
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither',
    });
  if (!config.S3_BUCKET && (config.S3_ENDPOINT || config.S3_ACCESS_KEY_ID))
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'S3 storage is configured without S3_BUCKET; set it, or unset the S3_* variables',
    });
});
export type Config = z.infer<typeof configSchema>;

/** What only the server needs in production, reported in the production guard's one line. */
function serverProductionProblems(config: Config): string[] {
  const problems: string[] = [];
  // Payment return links and image URLs must not be built from whatever Host a request names.
  if (!config.PUBLIC_URL)
    problems.push("PUBLIC_URL is not set; set the shop's public origin (https://shop.example.com)");
  return problems;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof Config, unknown>> = {},
): Config {
  return parseEnv(configSchema, { ...env, ...overrides }, serverProductionProblems);
}
