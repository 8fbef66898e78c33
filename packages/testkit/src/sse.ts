// A Server-Sent Events reader for tests (Node 20 has no EventSource): fetch's body, split into
// events as the SSE format says (blank line between events; `id:`, `event:`, `data:` fields).
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface EventStream {
  /** Every event read so far, in order. */
  events: SseEvent[];
  /** The first event (already read or still to come) that matches; rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** The HTTP status of the answer. */
  status: number;
  /** Settles when the server ends the answer (or close() aborts it). */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): SseEvent | null {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
  }
  if (!data.length && !event.id && !event.event) return null;
  event.data = data.join('\n');
  return event;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body?.getReader();
  const ended = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Closed by close() or by the server.
    }
  })();
  return {
    events,
    status: res.status,
    ended,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching event within ${timeoutMs} ms; heard: ${JSON.stringify(events.map((e) => e.data))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
