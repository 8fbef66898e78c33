// Which profile the long-running tests run: `short` in `pnpm test` (each file bounded to about a
// minute), `long` in `pnpm test:long` (the full fuzz and soak, before a release or after a change
// to a money path). Chosen by KANAK_TEST_PROFILE.
export type TestProfile = 'short' | 'long';

export function testProfile(): TestProfile {
  const value = process.env.KANAK_TEST_PROFILE ?? 'short';
  if (value !== 'short' && value !== 'long')
    throw new Error(`KANAK_TEST_PROFILE must be short or long, not ${value}`);
  return value;
}
