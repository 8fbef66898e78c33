import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { LoginInput, SignupInput } from '@kanak/shared';
import { DomainError } from '../common';
import { login } from './login';
import { noteAdminSignIn } from './password-reset';
import { signup } from './signup';
import type { AuthRateLimiter } from './rate-limit';
import type { TokenSettings } from './tokens';

export interface AuthDeps {
  db: Kysely<Database>;
  tokens: TokenSettings;
  rateLimit: AuthRateLimiter;
}

/**
 * Login with brute-force protection: the attempt is counted before the password is checked (so a
 * parallel burst cannot outrun the count); a success clears the failures of its (e-mail, address).
 */
export async function guardedLogin(
  deps: AuthDeps,
  client: { address: string; userAgent?: string | undefined },
  input: LoginInput,
) {
  const { address } = client;
  const attempt = await deps.rateLimit.login(address, input.email);
  let answer;
  try {
    answer = await login(deps.db, { settings: deps.tokens, input });
  } catch (error) {
    // A wrong password keeps its point; anything else (the database failed) did not guess.
    if (!(error instanceof DomainError && error.kind === 'UNAUTHORIZED'))
      await attempt.notChecked();
    throw error;
  }
  await attempt.succeeded();
  // An admin hears of a sign-in from a new browser or address (best effort: the sign-in stands).
  await noteAdminSignIn(deps.db, { email: input.email, ...client }).catch(() => undefined);
  return answer;
}

export async function guardedSignup(deps: AuthDeps, address: string, input: SignupInput) {
  await deps.rateLimit.signup(address);
  return signup(deps.db, deps.tokens, input);
}
