/**
 * How `users.password_hash` is made: argon2id as a PHC string, from @node-rs/argon2's prebuilt
 * binary (installing needs no compiler). The parameters are the ones node-argon2 used for every
 * hash stored before (64 MiB, 3 passes, 4 lanes): all stored hashes then cost the same to verify,
 * so the dummy hash an unknown e-mail is checked against takes as long as a real account's.
 * The seed uses this too. Raising them means rehashing on login first (see auth/passwords.ts).
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 65536, timeCost: 3, parallelism: 4 } as const;

// The native binding (about 11 MB resident) is loaded by the first hash, not at every start.
export const hashPassword = async (password: string) =>
  (await import('@node-rs/argon2')).hash(password, PASSWORD_HASH_OPTIONS);
