import type { ChildProcess } from 'node:child_process';

/** Waits for `url` to answer 2xx from the process `child` started, for about `tries` × 200 ms. */
export async function waitFor(url: string, child: ChildProcess, tries = 150) {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
