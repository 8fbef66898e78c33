import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

/**
 * Made once by the node-argon2 package (0.45.1, its defaults: argon2id, m=65536, t=3, p=4), which
 * hashed the shop's passwords before @node-rs/argon2: `await argon2.hash('Heirloom@1987')`.
 */
const NODE_ARGON2_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$q/G9gWpTl1H88M3iVS9/aQ$z3nNV14RiV7bw/oLw5mxIwHAYMd/m0MJzumGscqxHeI';
const NODE_ARGON2_PASSWORD = 'Heirloom@1987';

/** The PHC string's algorithm and parameters (`$argon2id$v=19$m=..,t=..,p=..$salt$hash`). */
const parameters = (phc: string) => {
  const [, algorithm, version, params] = phc.split('$');
  const fields = Object.fromEntries(params!.split(',').map((pair) => pair.split('=')));
  return { algorithm, version, ...fields };
};

describe('passwords', () => {
  it('verifies a hash made by the old node-argon2 package, and refuses a wrong password', async () => {
    expect(await verifyPassword(NODE_ARGON2_HASH, NODE_ARGON2_PASSWORD)).toBe(true);
    expect(await verifyPassword(NODE_ARGON2_HASH, 'Heirloom@1988')).toBe(false);
  });

  it('hashes new passwords with argon2id and verifies them', async () => {
    const hash = await hashPassword('Kundan@2024');
    expect(parameters(hash)).toMatchObject({ algorithm: 'argon2id', version: 'v=19' });
    expect(await verifyPassword(hash, 'Kundan@2024')).toBe(true);
    expect(await verifyPassword(hash, 'kundan@2024')).toBe(false);
  });

  it('answers false, not an error, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'Kundan@2024')).toBe(false);
  });

  it('makes the dummy hash once, with the same parameters as a real one', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(parameters(dummy)).toEqual(parameters(await hashPassword('Kundan@2024')));
    // ...which are those of every hash stored before (node-argon2's): old accounts cost the same.
    expect(parameters(dummy)).toEqual(parameters(NODE_ARGON2_HASH));
    expect(await verifyPassword(dummy, '')).toBe(false);
  });
});
