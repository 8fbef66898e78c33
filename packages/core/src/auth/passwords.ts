import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with @node-rs/argon2's defaults (19 MiB, 2 passes: OWASP's recommendation), from a
 * prebuilt binary: installing needs no compiler. Hashes are PHC strings that carry their own
 * parameters, so hashes made earlier by node-argon2 (64 MiB, 3 passes) keep verifying.
 */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
