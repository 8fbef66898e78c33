import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import type {
  CreateLinkRequest,
  PaymentLink,
  PaymentProvider,
  ProviderName,
  ReturnParams,
} from './provider';
import { ShopperRefused } from './provider';

export interface BreakerSettings {
  /** Failed link creations in a row that open a provider's breaker. */
  failures: number;
  /** How long an open breaker skips the provider before one trial call (half-open). */
  coolOffMs: number;
}

export const DEFAULT_BREAKER: BreakerSettings = { failures: 3, coolOffMs: 60_000 };

/** A provider's state for the System page (this process's view: each server keeps its own). */
export interface ProviderState {
  name: ProviderName;
  /** Its place in PAYMENT_PROVIDERS, from 1 (the preferred). */
  rank: number;
  linksMade: number;
  failures: number;
  breaker: 'closed' | 'open' | 'half-open';
  lastFailure: string | null;
}

/** Every link creation failed (or was skipped): the shopper is told to try again shortly. */
export class NoProviderAvailable extends Error {
  constructor(readonly reasons: string[]) {
    super(`No payment provider could make a link: ${reasons.join('; ')}`);
    this.name = 'NoProviderAvailable';
  }
}

/**
 * The configured providers, in order of preference. A link is made at the first whose breaker
 * lets it through and that answers; any failure that is not the shopper's (5xx, a timeout, a
 * refusal) moves on to the next. Everything else (confirming, reconciling, refunding, cancelling)
 * goes to the provider that holds the link or took the payment: `get` by the name recorded.
 */
export interface PaymentProviders {
  readonly list: readonly PaymentProvider[];
  /** The provider of this name; a shop with one provider answers it for any name (as before). */
  get(name: string): PaymentProvider | undefined;
  createLink(request: CreateLinkRequest): Promise<PaymentLink & { provider: ProviderName }>;
  /** A return's signature, made by any provider configured (each with its own secret). */
  verifyReturnSignature(params: ReturnParams, signature: string): boolean;
  states(): ProviderState[];
}

export type ProviderSource = PaymentProvider | PaymentProviders;

interface Tracked {
  provider: PaymentProvider;
  breaker: CircuitBreakerPolicy;
  linksMade: number;
  failures: number;
  lastFailure: string | null;
}

const breakerState = (state: CircuitState): ProviderState['breaker'] =>
  state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'half-open' : 'open';

export function createProviderSet(
  providers: PaymentProvider[],
  breaker: BreakerSettings = DEFAULT_BREAKER,
): PaymentProviders {
  if (providers.length === 0) throw new Error('At least one payment provider is needed');
  const tracked: Tracked[] = providers.map((provider) => ({
    provider,
    // cockatiel's breaker: opens after `failures` in a row, lets one trial through after the
    // cool-off, closes on its success. The shopper's own refusal is no fault of the provider.
    breaker: circuitBreaker(
      handleWhen((error) => !(error instanceof ShopperRefused)),
      {
        halfOpenAfter: breaker.coolOffMs,
        breaker: new ConsecutiveBreaker(breaker.failures),
      },
    ),
    linksMade: 0,
    failures: 0,
    lastFailure: null,
  }));
  const byName = new Map(tracked.map((t) => [t.provider.name as string, t.provider]));
  return {
    list: providers,
    get: (name) => byName.get(name) ?? (providers.length === 1 ? providers[0] : undefined),
    async createLink(request) {
      const reasons: string[] = [];
      for (const t of tracked) {
        try {
          const link = await t.breaker.execute(() => t.provider.createLink(request));
          t.linksMade += 1;
          return { ...link, provider: t.provider.name };
        } catch (error) {
          if (error instanceof ShopperRefused) throw error;
          if (error instanceof BrokenCircuitError) {
            reasons.push(`${t.provider.name} skipped (breaker open)`);
            continue;
          }
          t.failures += 1;
          t.lastFailure = (error as Error).message;
          reasons.push(`${t.provider.name}: ${(error as Error).message}`);
        }
      }
      throw new NoProviderAvailable(reasons);
    },
    verifyReturnSignature: (params, signature) =>
      providers.some((p) => p.verifyReturnSignature(params, signature)),
    states: () =>
      tracked.map((t, i) => ({
        name: t.provider.name,
        rank: i + 1,
        linksMade: t.linksMade,
        failures: t.failures,
        breaker: breakerState(t.breaker.state),
        lastFailure: t.lastFailure,
      })),
  };
}

const single = new WeakMap<PaymentProvider, PaymentProviders>();

/** The set a caller passed, or a set of the one provider it passed (tests, older callers). */
export function providersOf(source: ProviderSource): PaymentProviders {
  if ('list' in source) return source;
  let set = single.get(source);
  if (!set) {
    set = createProviderSet([source]);
    single.set(source, set);
  }
  return set;
}
