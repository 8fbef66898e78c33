import { createRazorpayProvider } from './razorpay-provider';
import { createCashfreeProvider } from './cashfree-provider';
import { createSandboxProvider } from './sandbox-provider';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { PaymentProvider, ProviderName } from '../payment-providers';
import { sandboxRefundStore } from './sandbox-refunds';
import { createProviderSet, DEFAULT_BREAKER, type PaymentProviders } from '../payment-providers';
import { providerNames } from '../config';

/** The environment both server and worker read to pick and configure the providers. */
export interface PaymentSettings {
  PAYMENT_PROVIDER: ProviderName;
  /** In order of preference; empty or absent: PAYMENT_PROVIDER alone. */
  PAYMENT_PROVIDERS?: readonly ProviderName[];
  PAYMENT_BREAKER_FAILURES?: number;
  PAYMENT_BREAKER_COOLOFF_MS?: number;
  PAYMENT_SANDBOX_SECRET: string;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  RAZORPAY_API_URL: string;
  CASHFREE_CLIENT_ID?: string | undefined;
  CASHFREE_CLIENT_SECRET?: string | undefined;
  CASHFREE_API_URL?: string;
  CASHFREE_API_VERSION?: string;
}

/** One provider by name, with its own credentials from the settings. */
function createNamedProvider(
  name: ProviderName,
  settings: PaymentSettings,
  db?: Kysely<Database>,
): PaymentProvider {
  if (name === 'sandbox')
    return createSandboxProvider(
      settings.PAYMENT_SANDBOX_SECRET,
      db ? sandboxRefundStore(db, settings.PAYMENT_SANDBOX_SECRET) : undefined,
    );
  if (name === 'cashfree') {
    const { CASHFREE_CLIENT_ID: clientId, CASHFREE_CLIENT_SECRET: clientSecret } = settings;
    if (!clientId || !clientSecret)
      throw new Error('The cashfree provider needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET');
    return createCashfreeProvider({
      clientId,
      clientSecret,
      apiUrl: settings.CASHFREE_API_URL ?? 'https://api.cashfree.com',
      apiVersion: settings.CASHFREE_API_VERSION ?? '2023-08-01',
    });
  }
  const {
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  } = settings;
  if (!keyId || !keySecret || !webhookSecret) {
    throw new Error(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
  }
  return createRazorpayProvider({
    keyId,
    keySecret,
    webhookSecret,
    apiUrl: settings.RAZORPAY_API_URL,
  });
}

/**
 * The preferred provider (the first of PAYMENT_PROVIDERS, or PAYMENT_PROVIDER). `db` keeps the
 * sandbox's refunds (Razorpay and Cashfree keep their own); without it the sandbox cannot refund.
 */
export function createPaymentProvider(
  settings: PaymentSettings,
  db?: Kysely<Database>,
): PaymentProvider {
  return createNamedProvider(providerNames(settings)[0]!, settings, db);
}

/** Every configured provider in order of preference, each behind its own circuit breaker. */
export function createPaymentProviders(
  settings: PaymentSettings,
  db?: Kysely<Database>,
): PaymentProviders {
  return createProviderSet(
    providerNames(settings).map((name) => createNamedProvider(name, settings, db)),
    {
      failures: settings.PAYMENT_BREAKER_FAILURES ?? DEFAULT_BREAKER.failures,
      coolOffMs: settings.PAYMENT_BREAKER_COOLOFF_MS ?? DEFAULT_BREAKER.coolOffMs,
    },
  );
}
