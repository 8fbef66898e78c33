import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveCall } from '../api/caller';
import { cacheKey, cachedAnswer } from '../api/run-use-case';
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
import type { AppServices } from '../services';

/** Bodies under this size go out as they are, on every transport (as @fastify/compress's threshold). */
export const COMPRESS_THRESHOLD = 1024;

/** The cacheable queries by tRPC path (`catalog.list`). */
const cacheable = new Map(
  eachUseCase()
    .filter(({ useCase }) => useCase.kind === 'query' && useCase.cache)
    .map(({ path, useCase }) => [path, useCase]),
);

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

function batchBody(keys: string[], parts: CachedAnswer[]): EncodedBody {
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

/** The procedures and raw inputs of a tRPC GET, or null when it is not a plain query call. */
function calls(request: FastifyRequest, maxBatchSize: number) {
  const { path } = request.params as { path: string };
  const query = request.query as Record<string, string | string[] | undefined>;
  const input = typeof query.input === 'string' ? query.input : undefined;
  if (Array.isArray(query.input)) return null;
  const batch = query.batch === '1' || query.batch === 'true';
  const paths = decodeURIComponent(path).split(',');
  if (!batch) {
    if (paths.length !== 1) return null;
    const raw = parseJson(input);
    return raw ? { batch, items: [{ path: paths[0]!, raw: raw.value }] } : null;
  }
  if (paths.length > maxBatchSize) return null;
  const all = parseJson(input);
  if (!all) return null;
  const inputs = (all.value ?? {}) as Record<string, unknown>;
  if (typeof inputs !== 'object' || inputs === null) return null;
  return { batch, items: paths.map((p, i) => ({ path: p, raw: inputs[String(i)] })) };
}

/**
 * Answers a tRPC GET whose every procedure is a cacheable query from the read cache's bytes
 * (envelope and compressed bodies made once per answer, or per batch), before tRPC's adapter
 * builds a Fetch request, a context and a streamed response. Anything else (a procedure that is
 * not cached, an input that fails, a refusal, a caller whose token fails, a streaming client)
 * answers false: tRPC's own handler then answers it, errors in its own shapes.
 */
export async function answerCachedTrpcRead(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  maxBatchSize: number,
): Promise<boolean> {
  if (!services.catalogCache.enabled) return false;
  // A streaming client (httpBatchStreamLink, subscriptions) gets tRPC's own framing.
  if (request.headers['trpc-accept'] !== undefined) return false;
  const wanted = calls(request, maxBatchSize);
  if (!wanted || wanted.items.length === 0) return false;
  const useCases = wanted.items.map((item) => cacheable.get(item.path));
  if (useCases.some((u) => u === undefined)) return false;
  try {
    // A token that fails is tRPC's 401 to answer; a valid one changes nothing in a public read.
    const call = await resolveCall(services, request, 'public');
    const inputs = await Promise.all(
      wanted.items.map((item, i) => validInput(useCases[i]!, item.raw)),
    );
    if (inputs.some((i) => i === undefined)) return false;
    const keys: string[] = [];
    const parts = await Promise.all(
      wanted.items.map((item, i) => {
        const useCase = useCases[i]!;
        const input = inputs[i]!.value;
        keys.push(cacheKey(item.path, useCase, input));
        return cachedAnswer(services, item.path, useCase, call, input);
      }),
    );
    if (!wanted.batch || parts.length === 1) {
      const { text, kept } = wrapped(parts[0]!, wanted.batch);
      sendBody(request, reply, text, kept);
    } else {
      const body = batchBody(keys, parts);
      sendBody(request, reply, body.json, body);
    }
    return true;
  } catch {
    // A refusal (unknown product, bad token, PostgreSQL away): tRPC's handler says it its way.
    return false;
  }
}

/** The body with tRPC's headers, an ETag (304 when unchanged) and compressed only over 1 kB. */
function sendBody(request: FastifyRequest, reply: FastifyReply, text: string, kept: Compressed) {
  const vary = reply.getHeader('vary');
  reply
    .header('vary', `${vary ? `${String(vary)}, ` : ''}trpc-accept, accept, accept-encoding`)
    .header('etag', kept.etag)
    .header('cache-control', 'no-cache')
    .type('application/json');
  if (matchesEtag(request.headers['if-none-match'], kept.etag)) return reply.status(304).send();
  const encoding =
    text.length < COMPRESS_THRESHOLD ? null : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(text);
  return reply.header('content-encoding', encoding).send(compressedBody(kept, text, encoding));
}
