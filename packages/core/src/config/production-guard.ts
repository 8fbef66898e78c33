/**
 * What NODE_ENV=production refuses to start with. Server and worker both call this after parsing
 * their environment, so a deployment that forgot a secret stops with one line naming it instead
 * of running with a public development value.
 */

/** The development defaults (and earlier public examples) that must never sign anything real. */
export const DEVELOPMENT_SECRETS = {
  JWT_SECRET: 'dev-only-secret-change-me-please',
  PAYMENT_SANDBOX_SECRET: 'dev-sandbox-payments-secret',
} as const;
const KNOWN_PUBLIC_SECRETS = new Set<string>([
  ...Object.values(DEVELOPMENT_SECRETS),
  'change-this-secret-in-production',
]);
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

export interface ProductionSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  /** The worker signs no tokens: it passes no JWT_SECRET. */
  JWT_SECRET?: string;
  PAYMENT_PROVIDER: 'sandbox' | 'razorpay' | 'cashfree';
  /** Several providers in order of preference; empty: PAYMENT_PROVIDER alone. */
  PAYMENT_PROVIDERS?: readonly ('sandbox' | 'razorpay' | 'cashfree')[];
  PAYMENT_SANDBOX_SECRET: string;
  ALLOW_SANDBOX_PAYMENTS: boolean;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  CASHFREE_CLIENT_ID?: string | undefined;
  CASHFREE_CLIENT_SECRET?: string | undefined;
}

/** The providers configured, in order of preference. */
export const providerNames = (
  settings: Pick<ProductionSettings, 'PAYMENT_PROVIDER' | 'PAYMENT_PROVIDERS'>,
) =>
  settings.PAYMENT_PROVIDERS?.length ? settings.PAYMENT_PROVIDERS : [settings.PAYMENT_PROVIDER];

function secretProblem(name: string, value: string): string | null {
  if (/\s/.test(value) || new Set(value).size < 8)
    return `${name} has spaces or too few distinct characters; set a random value (openssl rand -hex 32)`;
  if (KNOWN_PUBLIC_SECRETS.has(value))
    return `${name} is a public development default; set a random value of at least ${MIN_PRODUCTION_SECRET_LENGTH} characters (openssl rand -hex 32)`;
  if (value.length < MIN_PRODUCTION_SECRET_LENGTH)
    return `${name} is shorter than ${MIN_PRODUCTION_SECRET_LENGTH} characters; set a random value (openssl rand -hex 32)`;
  return null;
}

/** Every reason this configuration must not run in production (empty outside production). */
export function productionProblems(settings: ProductionSettings): string[] {
  if (settings.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (settings.JWT_SECRET !== undefined) {
    const problem = secretProblem('JWT_SECRET', settings.JWT_SECRET);
    if (problem) problems.push(problem);
  }
  const names = providerNames(settings);
  if (names.includes('sandbox')) {
    if (!settings.ALLOW_SANDBOX_PAYMENTS)
      problems.push(
        'PAYMENT_PROVIDER is sandbox, where anyone can pay without paying; set PAYMENT_PROVIDER=razorpay, or ALLOW_SANDBOX_PAYMENTS=true for a demo shop',
      );
    const problem = secretProblem('PAYMENT_SANDBOX_SECRET', settings.PAYMENT_SANDBOX_SECRET);
    if (problem) problems.push(problem);
  }
  if (names.includes('razorpay'))
    for (const name of [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ] as const)
      if (!settings[name]) problems.push(`${name} is not set (PAYMENT_PROVIDER=razorpay needs it)`);
  if (names.includes('cashfree'))
    for (const name of ['CASHFREE_CLIENT_ID', 'CASHFREE_CLIENT_SECRET'] as const)
      if (!settings[name]) problems.push(`${name} is not set (cashfree as a provider needs it)`);
  return problems;
}

/** Throws one line naming every offending variable; logs the sandbox opt-in loudly. */
export function assertProductionReady(
  settings: ProductionSettings,
  warn: (message: string) => void = console.warn,
  /** The process's own reasons (mail, seller, public origin), reported in the same line. */
  more: readonly string[] = [],
) {
  const problems = [...productionProblems(settings), ...more];
  if (problems.length > 0)
    throw new Error(`Refusing to start with NODE_ENV=production: ${problems.join('; ')}.`);
  if (
    settings.NODE_ENV === 'production' &&
    providerNames(settings).includes('sandbox') &&
    settings.ALLOW_SANDBOX_PAYMENTS
  )
    warn(
      'WARNING: ALLOW_SANDBOX_PAYMENTS=true: the sandbox payment provider is live in production. Orders are marked paid without any money being taken. Use it for demo shops only.',
    );
}
