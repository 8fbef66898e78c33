import { randomBytes } from 'node:crypto';
import { hashPassword } from '@kanak/db';

/** argon2id with the parameters every stored hash has (packages/db/src/password-hash.ts). */
export { hashPassword };

export type PasswordVerifier = (passwordHash: string, password: string) => Promise<boolean>;

export const verifyPassword: PasswordVerifier = async (passwordHash, password) => {
  // Loaded by the first sign-in (hashPassword loads it likewise), not at every start; a failed
  // load is an error, not a wrong password.
  const { verify } = await import('@node-rs/argon2');
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, made once per process with the same parameters as real ones.
 * A login for an e-mail without an account verifies against it, so the answer takes as long as
 * for a real account and its timing does not tell which e-mails have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  // A failed make (the binding not loadable) is not kept: the next login tries again.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}
