import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { LoginInput, SignupInput } from '@kanak/shared';
import { DomainError } from '../shared/errors';
import { login, signup } from './accounts';
import type { AuthRateLimiter } from './rate-limit';
import type { TokenSettings } from './tokens';

export interface AuthDeps {
  db: Kysely<Database>;
  tokens: TokenSettings;
  rateLimit: AuthRateLimiter;
}

/** Login with brute-force protection: failures count against the e-mail, success clears it. */
export async function guardedLogin(deps: AuthDeps, address: string, input: LoginInput) {
  await deps.rateLimit.attempt(address, input.email);
  try {
    const answer = await login(deps.db, deps.tokens, input);
    await deps.rateLimit.succeeded(input.email);
    return answer;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'UNAUTHORIZED')
      await deps.rateLimit.failed(input.email);
    throw error;
  }
}

export async function guardedSignup(deps: AuthDeps, address: string, input: SignupInput) {
  await deps.rateLimit.attempt(address, undefined);
  return signup(deps.db, deps.tokens, input);
}
