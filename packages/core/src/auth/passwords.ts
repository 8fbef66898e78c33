import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with @node-rs/argon2's defaults (19 MiB, 2 passes: OWASP's recommendation), from a
 * prebuilt binary: installing needs no compiler. Hashes are PHC strings that carry their own
 * parameters, so hashes made earlier by node-argon2 (64 MiB, 3 passes) keep verifying.
 */
export const hashPassword = (password: string) => hash(password);

export type PasswordVerifier = (passwordHash: string, password: string) => Promise<boolean>;

export const verifyPassword: PasswordVerifier = async (passwordHash, password) => {
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
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
