/** How long a test request waits for its whole answer before it fails, naming the request. */
const ANSWER_CEILING_MS = 100_000;

/** A tiny JSON client over real HTTP for integration tests. */
export function httpClient(baseUrl: string) {
  async function call<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
  ) {
    const named = (error: Error): never => {
      throw new Error(`${method} ${path}: ${error.message}`, { cause: error });
    };
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    // A ceiling only a hung server reaches: its answer names the request instead of the test
    // timing out on fetch's own five-minute wait.
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      signal: AbortSignal.timeout(ANSWER_CEILING_MS),
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    }).catch(named);
    const text = await response.text().catch(named);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }
  return {
    get: <T = unknown>(path: string, options?: Parameters<typeof call>[2]) =>
      call<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: Parameters<typeof call>[2]) =>
      call<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: Parameters<typeof call>[2]) =>
      call<T>('PUT', path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: Parameters<typeof call>[2]) =>
      call<T>('DELETE', path, options),
    call,
  };
}

/**
 * A file part for a multipart form. Node's Buffer may sit on a shared buffer, which the DOM's
 * Blob type refuses: the bytes are copied into a plain one.
 */
export function blobOf(
  content: string | Uint8Array,
  options?: ConstructorParameters<typeof Blob>[1],
): Blob {
  return new Blob([typeof content === 'string' ? content : new Uint8Array(content)], options);
}
