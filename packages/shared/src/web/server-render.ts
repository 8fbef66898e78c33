// The contract between the server and the web's server render (web/src/entry-server.tsx, built
// into web/dist-ssr and loaded by server/src/web/ssr.ts): types only.

/** What the server answers for one query it ran in-process: the data, or tRPC's error shape. */
export type LocalAnswer =
  | { ok: true; data: unknown }
  | {
      ok: false;
      error: { message: string; code: number; data: { code: string; httpStatus: number } };
    };

/** Runs a query on the server itself (its use cases and read cache): no HTTP request to itself. */
export type LocalCall = (path: string, input: unknown) => Promise<LocalAnswer>;

export interface RenderRequest {
  /** Path and query string, as requested. */
  url: string;
  /** The shop's public origin, for the canonical link and structured data. */
  origin: string;
  call: LocalCall;
}

export type RenderResult =
  | {
      kind: 'page';
      status: 200 | 404;
      /** The app's markup, for inside `<div id="root">`. */
      html: string;
      /** The dehydrated query cache as JSON, `<` escaped. */
      state: string;
      /** Markup for `<head>`: canonical link, structured data, preloads. */
      head: string;
      /** The document title, HTML-escaped. */
      title: string;
      /**
       * How many times React rendered the page: 1 when the route loaders had every query the
       * page shows (a component asking for more costs a second render, then a third…).
       */
      passes: number;
    }
  /** A redirect or a failed load: the browser renders this one itself, as before. */
  | { kind: 'client' };

export type RenderPage = (request: RenderRequest) => Promise<RenderResult>;
