import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveCall } from '../api/caller';
import { cacheKey, runUseCase } from '../api/run-use-case';
import {
  compressedBody,
  etagOf,
  matchesEtag,
  preferredEncoding,
  type CachedAnswer,
  type Compressed,
  type EncodedBody,
} from '../api/read-cache';
import type { UseCase } from '../api/declare-use-case';
import { eachUseCase } from '../api/use-case-registry';
import { ping } from '../health/ping.api';
import type { AppServices } from '../services';
import { recordOutcome } from './replayed-calls';

/** Bodies under this size go out as they are, on every transport (as @fastify/compress's threshold). */
export const COMPRESS_THRESHOLD = 1024;

/** Every query by tRPC path (`catalog.list`, `ping`). */
const queries = new Map<string, UseCase>([
  ...eachUseCase()
    .filter(({ useCase }) => useCase.kind === 'query')
    .map(({ path, useCase }): [string, UseCase] => [path, useCase]),
  ['ping', ping as UseCase],
]);

/** A batch's body, kept while every answer it was made from is still the cache's current one. */
interface BatchBody {
  parts: CachedAnswer[];
  body: EncodedBody;
}
/** Bounded: a batch body is rebuilt cheaply from its parts when it has been pushed out. */
const MAX_BATCH_BODIES = 200;
const batchBodies = new Map<string, BatchBody>();

/**
 * The tRPC body of one cached answer, alone (`{"result":…}`) or as a batch of one (`[…]`): its
 * text is put together when sent (around the cache's own JSON string), and only its ETag (the
 * answer's, marked) and compressed forms are kept, beside the answer.
 */
function wrapped(answer: CachedAnswer, batch: boolean): { text: string; kept: Compressed } {
  const text = batch
    ? `[{"result":{"data":${answer.json}}}]`
    : `{"result":{"data":${answer.json}}}`;
  const mark = (suffix: string) => ({ etag: `${answer.etag.slice(0, -1)}-${suffix}"` });
  const kept = batch ? (answer.trpcBatch ??= mark('tb')) : (answer.trpc ??= mark('t'));
  return { text, kept };
}
const envelope = (json: string): EncodedBody => ({ json, etag: etagOf(json) });

function batchBody(keys: readonly string[], parts: CachedAnswer[]): EncodedBody {
  const key = keys.join('\n');
  const kept = batchBodies.get(key);
  if (kept && kept.parts.every((part, i) => part === parts[i])) return kept.body;
  const body = envelope(`[${parts.map((p) => `{"result":{"data":${p.json}}}`).join(',')}]`);
  if (batchBodies.size >= MAX_BATCH_BODIES) batchBodies.delete(batchBodies.keys().next().value!);
  batchBodies.set(key, { parts, body });
  return body;
}

/** The input as tRPC validates it (no default for an absent input), or undefined when it fails. */
async function validInput(useCase: UseCase, raw: unknown): Promise<{ value: unknown } | undefined> {
  const schema = useCase.input as unknown as StandardSchemaV1;
  const result = await schema['~standard'].validate(raw);
  return result.issues ? undefined : { value: result.value };
}

function parseJson(text: string | undefined): { value: unknown } | undefined {
  if (text === undefined) return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** A plain object, as tRPC requires a batch's inputs to be (not null, not an array). */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The procedures and raw inputs of a tRPC GET, or null when it is not a plain query call as tRPC
 * reads one (`batch=1` only; a batch's inputs an object): tRPC's handler then answers it.
 */
function calls(request: FastifyRequest, maxBatchSize: number) {
  const { path } = request.params as { path: string };
  const query = request.query as Record<string, string | string[] | undefined>;
  const input = typeof query.input === 'string' ? query.input : undefined;
  if (Array.isArray(query.input)) return null;
  const batch = query.batch === '1';
  // Fastify has decoded the path parameter already: `,` separates the procedures.
  const paths = path.split(',');
  if (!batch) {
    if (paths.length !== 1) return null;
    const raw = parseJson(input);
    return raw ? { batch, items: [{ path: paths[0]!, raw: raw.value }] } : null;
  }
  if (paths.length > maxBatchSize) return null;
  const all = parseJson(input);
  if (!all) return null;
  const inputs = all.value ?? {};
  if (!isObject(inputs)) return null;
  return { batch, items: paths.map((p, i) => ({ path: p, raw: inputs[String(i)] })) };
}

/** One call's answer: the cache's (JSON kept with its ETag and compressed forms) or a fresh value. */
type Answered = { cached: CachedAnswer } | { value: unknown };

export interface AnswerTrpcQueryOptions {
  request: FastifyRequest;
  reply: FastifyReply;
  maxBatchSize: number;
}

/**
 * Answers a tRPC GET of queries (alone or batched) by running their use cases directly, before
 * tRPC's adapter builds a Fetch request, an abort signal, a context and a streamed response (a
 * profile of the trivial query: most of its cost). What tRPC did per call is done here the same
 * way: the caller resolved for the use case's access, the input validated by its schema, the
 * use case run (through the read cache when it is a cached one), the result put in tRPC's
 * envelope. When every call is answered from the read cache, the body's ETag and compressed
 * forms are kept too. Anything else answers false and tRPC's own handler answers: a mutation or
 * subscription, a streaming client, an input that fails, a refusal or a fault in any call (its
 * error shapes and statuses are tRPC's). The calls already run are then replayed, not run again
 * (replayed-calls.ts).
 */
export async function answerTrpcQuery(
  services: AppServices,
  { request, reply, maxBatchSize }: AnswerTrpcQueryOptions,
): Promise<boolean> {
  // A streaming client (httpBatchStreamLink, subscriptions) gets tRPC's own framing.
  if (request.headers['trpc-accept'] !== undefined) return false;
  // A visitor's repeat of public cached reads is answered by its URL (read-cache.ts).
  const visitor = request.headers.authorization === undefined;
  if (visitor) {
    const hit = services.catalogCache.answersFor(request.url);
    if (hit) {
      sendCachedAnswers(request, reply, {
        batch: isBatch(request),
        keys: hit.keys,
        parts: hit.answers,
      });
      return true;
    }
  }
  const wanted = calls(request, maxBatchSize);
  if (!wanted || wanted.items.length === 0) return false;
  const useCases = wanted.items.map((item) => queries.get(item.path));
  if (useCases.some((u) => u === undefined)) return false;
  const inputs = await Promise.all(
    wanted.items.map((item, i) => validInput(useCases[i]!, item.raw)),
  );
  if (inputs.some((i) => i === undefined)) return false;
  const answers = await Promise.all(
    wanted.items.map(async (item, i): Promise<Answered | undefined> => {
      const useCase = useCases[i]!;
      const input = inputs[i]!.value;
      try {
        const call = await resolveCall(services, request, useCase.access);
        const outcome = await runUseCase(services, { path: item.path, useCase, call, input });
        if (outcome.cached) return { cached: outcome.cached };
        const value = outcome.result;
        recordOutcome(request, { path: item.path, input, outcome: { ok: true, value } });
        return { value };
      } catch (error) {
        // tRPC's handler says it its way, from this outcome.
        recordOutcome(request, { path: item.path, input, outcome: { ok: false, error } });
        return undefined;
      }
    }),
  );
  if (answers.some((a) => a === undefined)) {
    // The cached answers were not recorded (a second read of the cache costs nothing).
    return false;
  }
  const answered = answers as Answered[];
  if (answered.every((a) => 'cached' in a)) {
    const keys = wanted.items.map((item, i) => cacheKey(item.path, useCases[i]!, inputs[i]!.value));
    const parts = answered.map((a) => a.cached);
    sendCachedAnswers(request, reply, { batch: wanted.batch, keys, parts });
    if (visitor && useCases.every((u) => u!.access === 'public'))
      services.catalogCache.rememberUrl(request.url, keys);
    return true;
  }
  const envelopes = answered.map((a) =>
    'cached' in a
      ? `{"result":{"data":${a.cached.json}}}`
      : JSON.stringify({ result: { data: a.value } }),
  );
  // Personal answers (a cart, an order): no ETag kept, compressed by @fastify/compress over 1 kB.
  reply.header('vary', varyHeader(reply)).type('application/json');
  reply.send(wanted.batch ? `[${envelopes.join(',')}]` : envelopes[0]!);
  return true;
}

const isBatch = (request: FastifyRequest) =>
  (request.query as Record<string, unknown>).batch === '1';

export interface SendCachedAnswersOptions {
  batch: boolean;
  keys: readonly string[];
  parts: CachedAnswer[];
}

/** Answers from the read cache in tRPC's envelope: alone, or as a batch. */
function sendCachedAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  { batch, keys, parts }: SendCachedAnswersOptions,
) {
  if (!batch || parts.length === 1) {
    const { text, kept } = wrapped(parts[0]!, batch);
    sendBody(request, reply, { text, kept });
  } else {
    const body = batchBody(keys, parts);
    sendBody(request, reply, { text: body.json, kept: body });
  }
}

/** tRPC's Vary, after what the app already says varies. */
function varyHeader(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  return `${vary ? `${String(vary)}, ` : ''}trpc-accept, accept, accept-encoding`;
}

export interface SendBodyOptions {
  text: string;
  kept: Compressed;
}

/** The body with tRPC's headers, an ETag (304 when unchanged) and compressed only over 1 kB. */
function sendBody(request: FastifyRequest, reply: FastifyReply, { text, kept }: SendBodyOptions) {
  reply
    .header('vary', varyHeader(reply))
    .header('etag', kept.etag)
    .header('cache-control', 'no-cache')
    .type('application/json');
  if (matchesEtag(request.headers['if-none-match'], kept.etag)) return reply.status(304).send();
  const encoding =
    text.length < COMPRESS_THRESHOLD ? null : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(text);
  return reply.header('content-encoding', encoding).send(compressedBody(kept, text, encoding));
}
