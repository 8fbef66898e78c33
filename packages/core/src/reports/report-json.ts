import { Readable } from 'node:stream';

/**
 * A JSON object written as its rows arrive: the fields before the list, each row of the list as
 * read a page at a time, then the fields only known once every row is seen (totals). The object
 * is the one the report's JSON answer always was (keys in another order), but a year of rows
 * goes out in constant memory, as its CSV does, instead of being built whole first.
 */
export function jsonStream<T>(
  head: Record<string, unknown>,
  listKey: string,
  rows: AsyncIterable<T>,
  tail: () => Promise<Record<string, unknown>> | Record<string, unknown>,
): Readable {
  return Readable.from(
    (async function* () {
      const opening = JSON.stringify(head).slice(0, -1);
      yield `${opening}${opening === '{' ? '' : ','}${JSON.stringify(listKey)}:[`;
      let batch: string[] = [];
      let first = true;
      for await (const row of rows) {
        batch.push(JSON.stringify(row));
        // A few hundred rows per chunk: fewer, larger writes than one per row.
        if (batch.length === 200) {
          yield `${first ? '' : ','}${batch.join(',')}`;
          first = false;
          batch = [];
        }
      }
      if (batch.length) yield `${first ? '' : ','}${batch.join(',')}`;
      yield `]${Object.entries(await tail())
        .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
        .join('')}}`;
    })(),
  );
}
