import { createRazorpayProvider } from './razorpay-provider';
import { createSandboxProvider } from './sandbox-provider';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { PaymentProvider } from './provider';
import { sandboxRefundStore } from './sandbox-refunds';

/** The environment both server and worker read to pick and configure the provider. */
export interface PaymentSettings {
  PAYMENT_PROVIDER: 'sandbox' | 'razorpay';
  PAYMENT_SANDBOX_SECRET: string;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  RAZORPAY_API_URL: string;
}

/** `db` keeps the sandbox's refunds (Razorpay keeps its own); without it the sandbox cannot refund. */
export function createPaymentProvider(
  settings: PaymentSettings,
  db?: Kysely<Database>,
): PaymentProvider {
  if (settings.PAYMENT_PROVIDER === 'sandbox')
    return createSandboxProvider(
      settings.PAYMENT_SANDBOX_SECRET,
      db ? sandboxRefundStore(db, settings.PAYMENT_SANDBOX_SECRET) : undefined,
    );
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
