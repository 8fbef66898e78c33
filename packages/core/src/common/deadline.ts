/**
 * Waits for `work` at most `ms`: true when it settled in time (fulfilled or rejected), false when
 * the time ran out. The work is not cancelled; a later rejection is swallowed. For shutdown steps
 * and other waits on a dependency that may never answer.
 */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface CloseWithinOptions {
  label: string;
  ms: number;
  close: () => Promise<unknown> | unknown;
  log?: (message: string) => void;
}

/**
 * Runs one close step of a shutdown, bounded: logs and moves on when it fails or does not finish
 * within `ms` (a queue or pool whose server is down may never answer).
 */
export async function closeWithin({
  label,
  ms,
  close,
  log = (message) => console.warn(message),
}: CloseWithinOptions): Promise<void> {
  let failure: unknown = null;
  let work: Promise<unknown>;
  try {
    work = Promise.resolve(close()).catch((error: unknown) => {
      failure = error;
    });
  } catch (error) {
    failure = error;
    work = Promise.resolve();
  }
  const done = await settledWithin(work, ms);
  if (!done) log(`shutdown: ${label} did not close within ${ms} ms; moving on`);
  else if (failure)
    log(
      `shutdown: ${label} failed to close: ${failure instanceof Error ? failure.message : String(failure)}`,
    );
}
