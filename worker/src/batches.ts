/** One item's own answer from a batch run. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface Batcher<I, O> {
  /** Resolves with this item's own answer once the batch it joined has run. */
  submit(item: I): Promise<O>;
}

/**
 * Groups items that arrive while earlier batches run: at most `running` batches at once, each of
 * at most `size` items. A lone item runs at once, alone (no waiting for company); under load the
 * items that queued meanwhile go together. A batch that fails as a whole fails each of its items.
 */
export function batcher<I, O>(
  run: (items: I[]) => Promise<Settled<O>[]>,
  { size, running }: { size: number; running: number },
): Batcher<I, O> {
  const queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> =
    [];
  let active = 0;
  const pump = () => {
    while (active < running && queue.length > 0) {
      const batch = queue.splice(0, size);
      active += 1;
      run(batch.map((b) => b.item))
        .then(
          (answers) =>
            batch.forEach((b, i) => {
              const answer = answers[i];
              if (!answer) b.reject(new Error('the batch gave no answer for this item'));
              else if (answer.ok) b.resolve(answer.value);
              else b.reject(answer.error);
            }),
          (error: unknown) => batch.forEach((b) => b.reject(error)),
        )
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  };
  return {
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      }),
  };
}
