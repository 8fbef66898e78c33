// Fuzz suite ("Bad input"): every REST route in Fastify's route table and every tRPC
// procedure in the router gets at least RUNS malformed inputs, with no token, a customer's token,
// an admin's token and broken tokens. No answer may be 5xx and none may hang; afterwards the
// database still holds its invariants. Targets are discovered, never listed: a new route or
// procedure is fuzzed without editing this file.
//
// Two profiles (KANAK_TEST_PROFILE): `pnpm test` sends RUNS = 20 inputs per target from a fixed
// seed, so its answer is the same on every run; `pnpm test:long` sends 200 per target from a new
// seed each run. A failure prints the command that replays it (FUZZ_SEED, FUZZ_RUNS).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCart } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { MAX_CART_QUANTITY } from '@kanak/shared';
import { httpClient, startTestServer, testProfile, type TestServer } from '@kanak/testkit';
import {
  discoverProcedures,
  methodOf,
  watchNextApp,
  type Procedure,
  type Route,
  type SchemaNode,
} from './route-discovery';

const PROFILE = testProfile();
/** The short profile's seed: any fixed value; the long profile explores with a new one. */
const SHORT_SEED = 20_261_206;
const RUNS = wholeNumber('FUZZ_RUNS', PROFILE === 'long' ? 200 : 20);
const SEED = wholeNumber(
  'FUZZ_SEED',
  PROFILE === 'long' ? Math.floor(Math.random() * 2 ** 31) : SHORT_SEED,
);
const REPLAY =
  `KANAK_TEST_PROFILE=${PROFILE} FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} ` +
  'pnpm exec vitest run --project integration server/test/fuzz.test.ts';

function wholeNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, not ${text}`);
  return n;
}
const CONCURRENCY = 12;
const REQUEST_TIMEOUT_MS = 10_000;
// The catalogue export is a file of the whole catalogue, not an API answer: under the fuzz's own
// load on 2 cores it outlasted 10 s. Its bound still catches a hang.
const EXPORT_TIMEOUT_MS = 60_000;
const timeoutFor = (url: string) =>
  url.startsWith('/api/admin/catalogue/export') ? EXPORT_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
const MIB = 1024 * 1024;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Malformed values
// ---------------------------------------------------------------------------------------------

const LONG = 10_000;
const NASTY_NUMBERS: number[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -1,
  0,
  -0,
  1e308,
  -1e308,
  1e21,
  5e-324,
  -5e-324,
  1e-7,
  0.5,
  1.5,
  99.99,
  2147483647.5,
];
const NASTY_NUMERIC_TEXT: string[] = [
  ...NASTY_NUMBERS.map(String),
  'NaN',
  'Infinity',
  '-Infinity',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e400',
  '0x10',
  '0b11',
  '1e3',
  ' 12 ',
  '12abc',
  '1,000',
  '١٢',
  '+5',
  '--5',
  '5.',
  '.5',
  '',
  'undefined',
  'null',
  'true',
  '1'.repeat(400),
];
const NASTY_STRINGS: string[] = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(50),
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\uFEFF',
  '\u202Eevil',
  'a'.repeat(LONG),
  'é'.repeat(LONG),
  '😀'.repeat(LONG / 2),
  'a\u0000'.repeat(LONG / 2),
  'x'.repeat(3000),
  "'; DROP TABLE products; --",
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  ' ',
  '\n\r\t',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '{"$ne":null}',
  '__proto__',
];
const deepArray = (depth: number): Json => (depth === 0 ? [] : [deepArray(depth - 1)]);
const NASTY_SHAPES: Json[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  [null],
  { a: { b: { c: 1 } } },
  deepArray(500),
  Array.from({ length: LONG }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])),
];

/** Any UTF-16 code unit, so NUL and lone surrogates turn up in generated text. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const nastyNumber: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMERIC_TEXT) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);
const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: nastyNumber },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_SHAPES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Percent-encodes any string, lone surrogates included (as their WTF-8 bytes: invalid UTF-8). */
function encodeAny(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Path parameter values that are not ids: sent as they are (some deliberately mis-encoded). */
const GARBAGE_PARAMS: string[] = [
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%2e%2e',
  'a%2Fb',
  '%20',
  'null',
  'undefined',
  '-1',
  '1e308',
  '5e-324',
  '2147483648',
  '1.5',
  'NaN',
  '0',
  '00000000-0000-0000-0000-000000000000',
  '%7B%22%24ne%22%3Anull%7D',
  encodeAny("' OR 1=1 --"),
  encodeAny('<script>'),
  'x'.repeat(4999),
  'y'.repeat(LONG),
  `${randomUUID().toUpperCase()}%00`,
  randomUUID().replaceAll('-', ''),
  encodeAny('😀'),
];
const garbageParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...GARBAGE_PARAMS) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 30 }).map(encodeAny),
  },
  { weight: 1, arbitrary: fc.uuid().map(String) },
);

const BROKEN_JSON: string[] = [
  '{',
  '{"a":1',
  '{"a":1}}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":1e400}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[',
  '['.repeat(LONG),
  `"${'a'.repeat(LONG)}`,
  '\uFEFF{}',
  '',
  ' ',
  'null',
  'undefined',
  '\u0000',
  '{"a":1,}',
  '{"a":01}',
  '--',
  'true false',
];
const ODD_CONTENT_TYPES: string[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/vnd.api+json',
  'application/jsonx',
  'application/json, text/plain',
  'application/json;;',
  '*/*',
  'image/png',
  ';',
  'x',
];
const RAW_QUERIES: string[] = [
  '%',
  'a=%',
  'a=%zz',
  '%zz=1',
  'minPrice=%ED%A0%80',
  'pageNumber=%00',
  '=',
  '&&&',
  'a[b][c]=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&'),
  Array.from({ length: 200 }, () => 'pageSize=1').join('&'),
  'input=%7B',
  'batch=1',
  'batch=1&input=%5B%5D',
];

// ---------------------------------------------------------------------------------------------
// Inputs: valid starting points, then mutated
// ---------------------------------------------------------------------------------------------

interface Fixtures {
  admin: string;
  customer: string;
  products: string[]; // kept (never sent to delete paths)
  weight: string; // a size of products[0]
  orderId: string;
  cartItemId: string;
  artName: string;
  linkId: string;
  sacrificial: string[]; // ids delete paths may remove
}

/** Valid values by field (and path parameter) name; ids differ for paths that delete. */
function samples(fx: Fixtures, destructive: boolean): Record<string, fc.Arbitrary<Json>> {
  const kept = fc.constantFrom(...fx.products);
  const gone = fc.constantFrom(...fx.sacrificial);
  const c = (...values: Json[]) => fc.constantFrom(...values);
  return {
    id: destructive ? gone : fc.constantFrom(...fx.products, fx.orderId, fx.cartItemId),
    productId: destructive ? gone : kept,
    cartItemId: destructive ? gone : c(fx.cartItemId),
    orderId: destructive ? gone : c(fx.orderId),
    order_id: c(fx.orderId),
    paymentId: c('pay_fuzz0001'),
    payment_id: c('pay_fuzz0001'),
    paymentLinkId: c(fx.linkId),
    razorpay_payment_link_id: c(fx.linkId),
    razorpay_payment_link_status: c('paid'),
    razorpay_signature: c('0'.repeat(64)),
    linkId: c(fx.linkId),
    name: c(fx.artName),
    weight: c(fx.weight),
    quantity: c(1),
    rating: c(4.5),
    review: c('A lovely piece'),
    email: c('fuzz@example.com', SEED_ACCOUNTS.customer.email),
    password: c('Fuzz@1234', SEED_ACCOUNTS.customer.password),
    firstName: c('Fuzz'),
    lastName: c('Tester'),
    q: c('ring'),
    limit: c(5),
    page: c(1),
    pageSize: c(10),
    category: c('ring'),
    color: c('yellow'),
    type: c('gold'),
    occasion: c('bridal'),
    minPrice: c(100),
    maxPrice: c(100_000),
    minDiscount: c(0),
    maxDiscount: c(90),
    sort: c('low_to_high'),
    pageNumber: c(1),
    collection: c('best-sellers'),
    price: c(5000),
    discountedPrice: c(4500),
    discountPercent: c(10),
    imageUrl: c(`/media/art/${fx.artName}`),
    title: c('Fuzz ring'),
    brand: c('Kanak'),
    collectionName: c('best-sellers'),
    description: c('A ring'),
    details: c('Gold'),
    topLevelCategory: c('gold'),
    secondLevelCategory: c('rings'),
    thirdLevelCategory: c('ring'),
    size: c('16 MM'),
    stock: c(3),
    streetAddress: c('1 MG Road'),
    city: c('Pune'),
    state: c('MH'),
    zipCode: c('411001'),
    mobile: c('9999999999'),
    action: c('confirmed', 'ship', 'deliver', 'cancel'),
    status: c('paid'),
    signature: c('0'.repeat(64)),
  };
}

/** A valid-looking input for a schema: named fields from `samples`, the rest from the schema itself. */
function validFor(
  schema: SchemaNode | undefined,
  known: Record<string, fc.Arbitrary<Json>>,
  key?: string,
): fc.Arbitrary<Json> {
  if (key && known[key]) return known[key];
  if (!schema) return fc.constant(null);
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([k, v]) => [k, validFor(v, known, k)]),
        ),
      ) as fc.Arbitrary<Json>;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return validFor(def.innerType, known);
    case 'pipe':
      return validFor(def.in, known);
    case 'union':
      return validFor(def.options?.[0], known);
    case 'array':
      return validFor(def.element, known).map((v) => [v]);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constant((def.values?.[0] ?? null) as Json);
    case 'number':
    case 'int':
      return fc.constant(1);
    case 'boolean':
      return fc.constant(true);
    case 'string':
      return fc.constant('x');
    default:
      return fc.constant(null);
  }
}

type Step = (string | number)[];

/** Where a value can be broken: every node of an input, except inside huge or deep values we sent on purpose. */
function pathsOf(value: Json, prefix: Step = []): Step[] {
  if (prefix.length > 6) return [];
  if (Array.isArray(value))
    return value.length > 50
      ? []
      : value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length > 50
      ? []
      : entries.flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

function getAt(value: Json, step: Step): Json | undefined {
  let node: Json | undefined = value;
  for (const key of step) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[String(key)];
  }
  return node;
}

/** A copy of `value` with the node at `step` replaced (or removed when `replacement` is undefined). */
function setAt(value: Json, step: Step, replacement: Json | undefined): Json {
  if (step.length === 0) return replacement ?? null;
  const [head, ...rest] = step;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = setAt(copy[Number(head)] ?? null, rest, replacement);
    if (replacement === undefined && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = next;
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy = { ...value };
    if (replacement === undefined && rest.length === 0) delete copy[String(head)];
    else copy[String(head)] = setAt(copy[String(head)] ?? null, rest, replacement);
    return copy;
  }
  return value;
}

const mutation = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('set', 'set', 'set', 'set', 'remove', 'add'),
  value: nastyValue,
  number: nastyNumber,
  key: fc.constantFrom('extra', '__proto__', 'constructor', '', 'a'.repeat(1000), '\u0000'),
});

/** A valid input with one to three fields broken: numbers mostly get malformed numbers. */
function mutated(valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([start, changes]) => {
      let value = start;
      for (const change of changes) {
        const paths = pathsOf(value);
        if (change.op === 'add' || paths.length === 0) {
          if (value && typeof value === 'object' && !Array.isArray(value))
            value = { ...value, [change.key]: change.value };
          else value = change.value;
          continue;
        }
        const step = paths[change.pick % paths.length]!;
        if (change.op === 'remove') {
          value = setAt(value, step, undefined);
          continue;
        }
        const current = getAt(value, step);
        const numeric =
          typeof current === 'number' ||
          (typeof current === 'string' && current !== '' && Number.isFinite(Number(current)));
        value = setAt(value, step, numeric && change.pick % 5 !== 0 ? change.number : change.value);
      }
      return value;
    });
}

/**
 * Query text for a JSON object: arrays repeat the key (at most 20 times), objects become JSON, lone
 * surrogates survive. Values are cut at 4,000 characters so the URL stays within Node's 16 KiB
 * header limit and reaches the route (10,000-character strings reach it in bodies).
 */
function toQuery(value: Json): string {
  const text = (v: Json) =>
    encodeAny((typeof v === 'string' ? v : JSON.stringify(v)).slice(0, 4000));
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `value=${text(value)}`;
  return Object.entries(value)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v.slice(0, 20) : [v]).map((item) => `${encodeAny(k)}=${text(item)}`),
    )
    .join('&');
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

interface Shot {
  target: string;
  method: string;
  path: string;
  auth: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What was sent, for the failure report. */
  note: string;
}

type AuthName = 'none' | 'customer' | 'admin' | 'broken';
const ALL_AUTHS: AuthName[] = ['admin', 'customer', 'none', 'broken'];
const BROKEN_AUTH = (fx: Fixtures): string[] => [
  'Bearer null',
  'Bearer undefined',
  'Bearer ',
  'Bearer garbage',
  `Bearer ${fx.customer.slice(0, -4)}AAAA`,
  `Bearer ${fx.admin.split('.').slice(0, 2).join('.')}.`,
  `bearer ${fx.customer}`,
  `Bearer ${fx.customer} ${fx.admin}`,
  `Bearer ${'x'.repeat(8000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
];

const authHeader = (fx: Fixtures, name: 'none' | 'customer' | 'admin') =>
  name === 'none' ? null : `Bearer ${name === 'admin' ? fx.admin : fx.customer}`;

/**
 * The credentials of a target's i-th input: a fixed rotation in the proportions authArb draws
 * (admin 4, customer 4, none 2, broken 1), so the share of a target's inputs that gets past its
 * auth check is the same for every seed and every number of runs (drawn at random, a 30-input
 * profile left an admin route with 6 inputs past the check for some seeds).
 */
const AUTH_ROTATION: AuthName[] = [
  'admin',
  'customer',
  'none',
  'admin',
  'customer',
  'broken',
  'admin',
  'customer',
  'none',
  'admin',
  'customer',
];
/**
 * The broken tokens start at a place of the target's own (`offset`, its seed), so a short
 * profile, which reaches only the first two or three of them per target, still sends every
 * kind across the targets.
 */
function authAt(
  fx: Fixtures,
  { allowed, i, offset }: { allowed: AuthName[]; i: number; offset: number },
): [AuthName, string | null] {
  const rotation = AUTH_ROTATION.filter((name) => allowed.includes(name));
  const name = rotation[i % rotation.length]!;
  if (name !== 'broken') return [name, authHeader(fx, name)];
  const broken = BROKEN_AUTH(fx);
  return [name, broken[(Math.floor(i / rotation.length) + offset) % broken.length]!];
}

/** A shot before its credentials are chosen (sampleShots adds them). */
type Unsigned = Omit<Shot, 'auth'>;

/** `numRuns` inputs of a target from its seed, each with its credentials from the rotation. */
function sampleShots(
  arb: fc.Arbitrary<Unsigned>,
  fx: Fixtures,
  allowed: AuthName[],
  numRuns: number,
  seed: number,
): Shot[] {
  return fc.sample(arb, { numRuns, seed }).map((shot, i) => {
    const [auth, authorization] = authAt(fx, { allowed, i, offset: seed });
    const headers = authorization === null ? shot.headers : { authorization, ...shot.headers };
    return { ...shot, auth, headers };
  });
}

function authArb(fx: Fixtures, allowed: AuthName[]): fc.Arbitrary<[AuthName, string | null]> {
  const weights: Record<AuthName, number> = { admin: 4, customer: 4, none: 2, broken: 1 };
  return fc.oneof(
    ...allowed.map((name) => ({
      weight: weights[name],
      arbitrary:
        name === 'broken'
          ? fc.constantFrom(...BROKEN_AUTH(fx)).map((h): [AuthName, string | null] => [name, h])
          : fc.constant<[AuthName, string | null]>([name, authHeader(fx, name)]),
    })),
  );
}

const json = (value: Json) => JSON.stringify(value);
/** A 31-bit hash of a target's name (FNV-1a), for its own seed. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % 2 ** 31;
}
/**
 * A request and its whole answer within `ms` (for an event stream, a subscription that opened,
 * its first event, then the stream is dropped; a refusal comes as an error event carrying its
 * status). The bound is kept here, not left to fetch's signal alone: the short profile once sat
 * with nothing in flight on the server and a lane still waiting, so the head and every read of
 * the body race this deadline and a body still open at it is cancelled. A stall is then a named
 * failure at its bound, never a run that outlasts the test's limit.
 */
async function answerWithin(
  url: string,
  init: RequestInit,
  ms: number,
): Promise<{ status: number; text: string }> {
  const deadline = new AbortController();
  const expired = new Promise<never>((_, reject) => {
    deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason as Error), {
      once: true,
    });
  });
  expired.catch(() => undefined);
  const timer = setTimeout(
    () => deadline.abort(new DOMException(`no whole answer in ${ms / 1000} s`, 'TimeoutError')),
    ms,
  );
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const response = await Promise.race([
      fetch(url, { ...init, signal: deadline.signal }),
      expired,
    ]);
    const stream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (reader) {
      const { value, done } = await Promise.race([reader.read(), expired]);
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (stream && text.includes('\n\n')) break;
    }
    return { status: response.status, text: text + decoder.decode() };
  } finally {
    clearTimeout(timer);
    // An open stream (or a body cut at the deadline) is dropped; a finished one is left as it is.
    reader?.cancel().catch(() => undefined);
  }
}

const short = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
const describeBody = (body: string | Uint8Array | undefined) =>
  body === undefined
    ? ''
    : typeof body === 'string'
      ? ` body ${short(JSON.stringify(body))}`
      : ` body <${body.length} bytes>`;

/** A multipart body: well formed or not, with or without the image field the upload route wants. */
const multipartArb: fc.Arbitrary<{ contentType: string; body: Uint8Array }> = fc
  .record({
    boundary: fc.constantFrom('fuzzboundary', '', 'x'.repeat(200), 'a b', '"quoted"'),
    declared: fc.boolean(),
    field: fc.constantFrom('file', 'image', '', 'file\u0000', 'upload_preset'),
    filename: fc.constantFrom('a.png', '', '../../x.png', 'a\u0000.png', 'é.svg'),
    content: fc.oneof(
      fc.constant(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      fc.uint8Array({ maxLength: 64 }),
    ),
    closed: fc.boolean(),
    twice: fc.boolean(),
  })
  .map(({ boundary, declared, field, filename, content, closed, twice }) => {
    const encoder = new TextEncoder();
    const part = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const end = encoder.encode(closed ? `\r\n--${boundary}--\r\n` : '\r\n');
    const one = [...part, ...content, ...end];
    return {
      contentType: declared ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
      body: Uint8Array.from(twice ? [...one, ...one] : one),
    };
  });

interface Template {
  keys: string[];
  kind: Procedure['type'];
  valid: (destructive: boolean) => fc.Arbitrary<Json>;
}

/** A starting input for each procedure's input schema, plus the REST-only payment return query. */
function templates(fx: Fixtures, procedures: Procedure[]): Template[] {
  const list: Template[] = procedures
    .filter((p) => p.input?._zod.def.type === 'object')
    .map((p) => ({
      keys: Object.keys(p.input!._zod.def.shape ?? {}),
      kind: p.type,
      valid: (destructive) => validFor(p.input!, samples(fx, destructive)),
    }));
  // GET /api/payment reads the provider's parameter names, which no procedure uses.
  const paymentQuery = ['payment_id', 'order_id', 'razorpay_payment_link_id', 'razorpay_signature'];
  list.push({
    keys: paymentQuery,
    kind: 'query',
    valid: (destructive) => {
      const known = samples(fx, destructive);
      return fc.record(Object.fromEntries(paymentQuery.map((k) => [k, known[k]!])));
    },
  });
  return list;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Field names the route asked for in its own 400 answer to an empty input. */
async function requiredKeys(
  baseUrl: string,
  fx: Fixtures,
  method: string,
  url: string,
): Promise<string[]> {
  const filled = url.replace(/:[^/]+/g, randomUUID()).replace('*', 'x');
  const response = await answerWithin(
    `${baseUrl}${filled}`,
    {
      method,
      headers: {
        authorization: `Bearer ${fx.admin}`,
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: method === 'GET' ? undefined : '{}',
    },
    timeoutFor(filled),
  ).catch(() => null);
  if (!response || response.status !== 400) return [];
  const body = parsed(response.text) as { details?: unknown } | null;
  if (!Array.isArray(body?.details)) return [];
  return body.details
    .map((d: unknown) => (d as { path?: unknown }).path)
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .map((p) => p.split('.')[0]!);
}

function bestTemplate(list: Template[], keys: string[]): Template | null {
  if (keys.length === 0) return null;
  let best: Template | null = null;
  let score = 0;
  for (const template of list) {
    const hits = keys.filter((k) => template.keys.includes(k)).length;
    const value = hits / keys.length - template.keys.length / 1000;
    if (hits > 0 && value > score) [best, score] = [template, value];
  }
  return best;
}

const DESTRUCTIVE = /delete|remove/i;

/** The values every numeric field and every text field is tried with, one field at a time. */
const SWEEP_NUMBERS: Json[] = [2 ** 31, 2 ** 53, -1, 1e308, 5e-324, 0.5, 'NaN', '1.5'];
const SWEEP_TEXT: Json[] = ['a\u0000b', 'x\uD800', 'x'.repeat(LONG)];

const isNumeric = (value: Json | undefined) =>
  typeof value === 'number' ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/**
 * Systematic inputs next to the random ones: each numeric field of a valid input set to each of
 * SWEEP_NUMBERS and each text field to each of SWEEP_TEXT, one at a time; then every field of a
 * kind at once (so a route that reads only some of the fields still meets each value).
 */
function sweep(valid: Json, oneAtATime: boolean): { note: string; value: Json }[] {
  const leaves = pathsOf(valid).filter((step) => {
    const value = getAt(valid, step);
    return value === null || typeof value !== 'object';
  });
  const numeric = leaves.filter((step) => isNumeric(getAt(valid, step)));
  const text = leaves.filter(
    (step) => typeof getAt(valid, step) === 'string' && !isNumeric(getAt(valid, step)),
  );
  const out: { note: string; value: Json }[] = [];
  const label = (v: Json) => short(JSON.stringify(v), 20);
  for (const [kind, steps, values] of [
    ['numbers', numeric, SWEEP_NUMBERS],
    ['text', text, SWEEP_TEXT],
  ] as const) {
    for (const v of values) {
      if (oneAtATime)
        for (const step of steps)
          out.push({ note: `${step.join('.')} = ${label(v)}`, value: setAt(valid, step, v) });
      if (steps.length)
        out.push({
          note: `all ${kind} = ${label(v)}`,
          value: steps.reduce((acc, step) => setAt(acc, step, v), valid),
        });
    }
  }
  return out;
}

const sampleOne = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { numRuns: 1, seed: SEED })[0]!;

/** Every field name the inputs use, each with a valid value. */
function vocabularyOf(list: Template[], known: Record<string, fc.Arbitrary<Json>>) {
  return fc.record(
    Object.fromEntries(
      [...new Set(list.flatMap((t) => t.keys))].map((k) => [k, known[k] ?? fc.constant('x')]),
    ),
  ) as fc.Arbitrary<Json>;
}

/** The sweep of one REST route: its matched input field by field, else all known fields at once. */
function restSweep(route: Route, fx: Fixtures, list: Template[], match: Template | null): Shot[] {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const destructive = route.method === 'DELETE' || DESTRUCTIVE.test(route.url);
  const known = samples(fx, destructive);
  const replaced = route.url.replace(/:([A-Za-z_]+)|\*/g, (_, name?: string) =>
    encodeAny(String(sampleOne(name && known[name] ? known[name] : fc.constant('x')))),
  );
  const path = replaced.startsWith('/') ? replaced : `/${replaced}`;
  const start = sampleOne(match ? match.valid(destructive) : vocabularyOf(list, known));
  return sweep(start, match !== null).map(({ note, value }) => ({
    target: `${route.method} ${route.url}`,
    method: route.method,
    path: hasBody ? path : `${path}?${toQuery(value)}`,
    auth: 'admin',
    headers: {
      authorization: `Bearer ${fx.admin}`,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: hasBody ? json(value) : undefined,
    note: `sweep ${note}${describeBody(hasBody ? json(value) : undefined)}`,
  }));
}

/** The sweep of one tRPC procedure, field by field over its own input schema. */
function trpcSweep(p: Procedure, fx: Fixtures): Shot[] {
  if (!p.input) return [];
  const start = sampleOne(validFor(p.input, samples(fx, DESTRUCTIVE.test(p.name))));
  return sweep(start, true).map(({ note, value }) => {
    const get = methodOf(p) === 'GET';
    const body = json(value);
    return {
      target: `trpc ${p.name}`,
      method: get ? 'GET' : 'POST',
      path: get ? `/trpc/${p.name}?input=${encodeAny(body)}` : `/trpc/${p.name}`,
      auth: 'admin',
      headers: {
        authorization: `Bearer ${fx.admin}`,
        ...(get ? {} : { 'content-type': 'application/json' }),
      },
      body: get ? undefined : body,
      note: `sweep ${note}${get ? '' : describeBody(body)}`,
    };
  });
}

function restArb(
  route: Route,
  fx: Fixtures,
  list: Template[],
  match: Template | null,
): fc.Arbitrary<Unsigned> {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const destructive = route.method === 'DELETE' || DESTRUCTIVE.test(route.url);
  const params = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
  const known = samples(fx, destructive);
  const paramArb = (name: string) =>
    name === '*'
      ? fc.oneof(garbageParam, fc.constantFrom('', 'index.html', 'assets/x.js', '..%2f..%2fetc'))
      : fc.oneof(
          { weight: 3, arbitrary: garbageParam },
          {
            weight: 2,
            arbitrary: (known[name] ?? fc.constant('x')).map((v) => encodeAny(String(v))),
          },
        );
  const family = list.filter((t) => t.kind === (hasBody ? 'mutation' : 'query'));
  const chosen = (destructiveValues: boolean) =>
    fc
      .oneof(...(match ? [{ weight: 3, arbitrary: fc.constant(match) }] : []), {
        weight: 1,
        arbitrary: fc.constantFrom(...(family.length ? family : list)),
      })
      .chain((t) => mutated(t.valid(destructiveValues)));
  // Every field name any input uses, each present now and then: reaches routes with no schema of their own.
  const vocabulary = fc
    .subarray([...new Set(list.flatMap((t) => t.keys))])
    .chain((keys) =>
      fc.record(
        Object.fromEntries(
          keys.map((k) => [k, fc.oneof(known[k] ?? fc.constant('x'), nastyValue)]),
        ),
      ),
    ) as fc.Arbitrary<Json>;

  type Payload = { query?: string; body?: string | Uint8Array; type?: string; note: string };
  const payloads: fc.Arbitrary<Payload>[] = hasBody
    ? [
        chosen(destructive).map((v) => ({
          body: json(v),
          type: 'application/json',
          note: 'mutated',
        })),
        chosen(destructive).map((v) => ({
          body: json(v),
          type: 'application/json',
          note: 'mutated',
        })),
        chosen(destructive).map((v) => ({
          body: json(v),
          type: 'application/json',
          note: 'mutated',
        })),
        vocabulary.map((v) => ({ body: json(v), type: 'application/json', note: 'vocabulary' })),
        nastyValue.map((v) => ({ body: json(v), type: 'application/json', note: 'wrong shape' })),
        fc
          .constantFrom(...BROKEN_JSON)
          .map((b) => ({ body: b, type: 'application/json', note: 'broken JSON' })),
        fc
          .tuple(chosen(destructive), fc.constantFrom(...ODD_CONTENT_TYPES))
          .map(([v, type]) => ({ body: json(v), type, note: 'odd content type' })),
        multipartArb.map(({ contentType, body }) => ({
          body,
          type: contentType,
          note: 'multipart',
        })),
        vocabulary.map((v) => ({ query: toQuery(v), note: 'query on a body route' })),
      ]
    : [
        chosen(false).map((v) => ({ query: toQuery(v), note: 'mutated' })),
        chosen(false).map((v) => ({ query: toQuery(v), note: 'mutated' })),
        chosen(false).map((v) => ({ query: toQuery(v), note: 'mutated' })),
        vocabulary.map((v) => ({ query: toQuery(v), note: 'vocabulary' })),
        vocabulary.map((v) => ({ query: toQuery(v), note: 'vocabulary' })),
        fc.constantFrom(...RAW_QUERIES).map((q) => ({ query: q, note: 'raw query' })),
      ];

  return fc
    .record({
      params: fc.tuple(...params.map(paramArb)),
      payload: fc.oneof(...payloads),
      cors: fc.boolean(),
    })
    .map(({ params: values, payload, cors }) => {
      let i = 0;
      const replaced = route.url.replace(/:([A-Za-z_]+)|\*/g, () => values[i++] ?? '');
      const filled = replaced.startsWith('/') ? replaced : `/${replaced}`;
      const headers: Record<string, string> = {};
      if (payload.type) headers['content-type'] = payload.type;
      if (route.method === 'OPTIONS' || cors) {
        headers.origin = cors ? 'http://localhost:5173' : 'http://evil.example';
        headers['access-control-request-method'] = cors ? 'POST' : 'FUZZ';
      }
      return {
        target: `${route.method} ${route.url}`,
        method: route.method,
        path: payload.query ? `${filled}?${payload.query}` : filled,
        headers,
        body: payload.body,
        note: `${payload.note}${describeBody(payload.body)}`,
      };
    });
}

function trpcArb(
  p: Procedure,
  all: Procedure[],
  fx: Fixtures,
  list: Template[],
): fc.Arbitrary<Unsigned> {
  const destructive = DESTRUCTIVE.test(p.name);
  const known = samples(fx, destructive);
  const own = p.input ? validFor(p.input, known) : fc.constant(null);
  const input = fc.oneof(
    { weight: 6, arbitrary: mutated(own) },
    { weight: 1, arbitrary: nastyValue },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...list).chain((t) => mutated(t.valid(destructive))),
    },
  );
  const sameKind = all.filter((q) => q.type === p.type && !DESTRUCTIVE.test(q.name));
  const send = (method: string, names: string[], inputs: Json[] | null, raw?: string) => {
    const batch = names.length > 1;
    const payload =
      raw ??
      (inputs === null
        ? undefined
        : batch
          ? json(Object.fromEntries(inputs.map((v, i) => [String(i), v])))
          : json(inputs[0] ?? null));
    const query = [
      batch ? 'batch=1' : '',
      method === 'GET' && payload !== undefined ? `input=${encodeAny(payload)}` : '',
    ]
      .filter(Boolean)
      .join('&');
    return {
      path: `/trpc/${names.join(',')}${query ? `?${query}` : ''}`,
      body: method === 'GET' ? undefined : (payload ?? ''),
    };
  };
  type Built = {
    method: string;
    path: string;
    body?: string;
    type?: string;
    note: string;
    accept?: string;
  };
  const natural = methodOf(p);
  const shots: fc.Arbitrary<Built>[] = [
    ...[0, 1, 2, 3, 4].map(() =>
      input.map((v) => ({
        method: natural,
        ...send(natural, [p.name], [v]),
        type: 'application/json',
        note: 'input',
      })),
    ),
    input.map((v) => {
      const method = natural === 'GET' ? 'POST' : 'GET';
      return {
        method,
        ...send(method, [p.name], [v]),
        type: 'application/json',
        note: 'wrong method',
      };
    }),
    fc.constantFrom(...BROKEN_JSON).map((raw) => ({
      method: natural,
      ...send(natural, [p.name], [], raw),
      type: 'application/json',
      note: `broken input ${short(JSON.stringify(raw), 80)}`,
    })),
    fc.tuple(input, fc.constantFrom(...ODD_CONTENT_TYPES)).map(([v, type]) => ({
      method: natural,
      ...send(natural, [p.name], [v]),
      type,
      note: `content type ${type}`,
    })),
    fc.constant({ method: natural, ...send(natural, [p.name], null), note: 'no input' }),
    fc
      .tuple(
        fc.array(fc.constantFrom(...sameKind), { minLength: 1, maxLength: 6 }),
        fc.array(input, { minLength: 7, maxLength: 7 }),
        fc.boolean(),
      )
      .map(([others, inputs, stream]) => ({
        method: natural,
        ...send(
          natural,
          [p.name, ...others.map((o) => o.name)],
          inputs.slice(0, others.length + 1),
        ),
        type: 'application/json',
        note: stream ? 'batch, streamed' : 'batch',
        accept: stream ? 'application/jsonl' : undefined,
      })),
  ];
  return fc.oneof(...shots).map((shot) => {
    const headers: Record<string, string> = {};
    if (shot.body !== undefined && shot.type) headers['content-type'] = shot.type;
    if (shot.accept) headers['trpc-accept'] = shot.accept;
    return {
      target: `trpc ${p.name}`,
      method: shot.method,
      path: shot.path,
      headers,
      body: shot.body,
      note: `${shot.note}${describeBody(shot.body)}${shot.method === 'GET' ? ` query ${short(shot.path, 300)}` : ''}`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

interface Failure {
  shot: Shot;
  status: number | string;
  answer: string;
  server?: string;
  unanswered?: boolean;
}

describe('fuzz: every REST route and tRPC procedure refuses malformed input without a 5xx', () => {
  let server: TestServer;
  let uploadDir: string;
  let fx: Fixtures;
  const watch = watchNextApp({ requestIdHeader: 'x-fuzz-id' });

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(os.tmpdir(), 'kanak-fuzz-uploads-'));
    try {
      // 'fatal' keeps the log quiet but gives the app a logger whose errors the watch can read.
      server = await startTestServer({
        UPLOAD_DIR: uploadDir,
        ORDER_WAIT_MS: 0,
        LOG_LEVEL: 'fatal',
      });
    } finally {
      watch.stop();
    }
    const http = httpClient(server.baseUrl);
    const login = async (account: { email: string; password: string }) => {
      const res = await http.post<{ jwt: string }>('/auth/login', account);
      expect(res.status).toBe(200);
      return res.body.jwt;
    };
    const admin = await login(SEED_ACCOUNTS.admin);
    const customer = await login(SEED_ACCOUNTS.customer);
    const db = server.database.db;
    // "Log out of all devices" and a password change end the fixture tokens for every later
    // shot: in this database copy the two fixture accounts keep their token version (the
    // trigger runs after users_end_sessions, by name), so every target stays reachable.
    await sql`CREATE FUNCTION fuzz_keep_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.token_version := OLD.token_version; RETURN NEW; END $$`.execute(db);
    await sql`CREATE TRIGGER zz_fuzz_keep_sessions BEFORE UPDATE ON users FOR EACH ROW
      WHEN (OLD.email IN (${sql.lit(SEED_ACCOUNTS.admin.email)}, ${sql.lit(SEED_ACCOUNTS.customer.email)}))
      EXECUTE FUNCTION fuzz_keep_sessions()`.execute(db);
    const stocked = await db
      .selectFrom('product_sizes')
      .select(['product_id', 'weight'])
      .where('stock', '>=', 5)
      .orderBy('product_id')
      .limit(40)
      .execute();
    const products = [...new Set(stocked.map((s) => s.product_id))];
    expect(products.length).toBeGreaterThanOrEqual(4);
    const weight = stocked.find((s) => s.product_id === products[0])!.weight;
    const art = await db
      .selectFrom('product_images')
      .select('url')
      .where('url', 'like', '/media/art/%')
      .executeTakeFirstOrThrow();

    // An order to pay, then a line left in the cart.
    const add = () =>
      http.put('/api/cart/add', { productId: products[0], weight }, { token: customer });
    expect((await add()).status).toBe(200);
    const order = await http.post<{ _id: string }>(
      '/api/orders',
      {
        firstName: 'Fuzz',
        lastName: 'Tester',
        streetAddress: '1 MG Road',
        city: 'Pune',
        state: 'MH',
        zipCode: '411001',
        mobile: '9999999999',
      },
      { token: customer },
    );
    expect(order.status).toBe(201);
    const link = await http.post<{ payment_link_id: string }>(
      `/api/payment/${order.body._id}`,
      undefined,
      { token: customer },
    );
    expect(link.status).toBe(200);
    const cart = await add();
    const cartItemId = (cart.body as { cartItems: { _id: string }[] }).cartItems[0]!._id;

    fx = {
      admin,
      customer,
      products: products.slice(0, 2),
      weight,
      orderId: order.body._id,
      cartItemId,
      artName: art.url.slice('/media/art/'.length),
      linkId: link.body.payment_link_id,
      // Delete paths may remove these two products and the cart line; nothing else.
      sacrificial: [products[2]!, products[3]!, cartItemId, randomUUID()],
    };
  });

  afterAll(async () => {
    await server?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it(`sends at least ${RUNS} malformed inputs to each target and gets no 5xx and no hang`, async () => {
    console.info(`fuzz: ${PROFILE} profile, ${RUNS} inputs per target, seed ${SEED}`);
    const procedures = discoverProcedures();
    const list = templates(fx, procedures);
    const seen = new Set<string>();
    const routes = watch.routes.filter((r) => {
      const key = `${r.method} ${r.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(routes.length).toBeGreaterThan(30);
    expect(procedures.length).toBeGreaterThan(20);

    /**
     * Routes not fuzzed in full, each with its reason; every other route in the table is.
     * - HEAD: Fastify's automatic twin of each GET route, the same handler (fuzzed through the GET).
     * - /trpc/:path: the tRPC adapter, fuzzed procedure by procedure from the router below.
     * - bull-board under /admin/queues (its UI and JSON API): only the guard in front of it is
     *   ours, so only the guard is fuzzed, without an admin token — behind it sit third-party
     *   actions that empty and obliterate queues.
     * - Each file of the built web (@fastify/static gives every file its own route): no input is
     *   read there; garbage paths reach the web's catch-all route instead, which is fuzzed.
     * - Swagger UI's own files under /api/docs/static (@fastify/swagger-ui serves them with
     *   @fastify/static): no input of ours is read there; sampled lightly, like the board.
     * - Methods fetch cannot send (CONNECT, TRACE, TRACK) are not sent.
     */
    const tRPCAdapter = (r: Route) => r.url.startsWith('/trpc/');
    const board = (r: Route) =>
      r.url.startsWith('/admin/queues') && r.url !== '/admin/queues/session';
    const docsFile = (r: Route) => r.url.startsWith('/api/docs/static/');
    const unsendable = (r: Route) => ['HEAD', 'CONNECT', 'TRACE', 'TRACK'].includes(r.method);

    // Each target's inputs come from the seed and the target's own name: a route added or removed
    // leaves every other target's inputs as they were.
    const seed = (target: string) => (SEED + fnv1a(target)) % 2 ** 31;
    const shots: Shot[] = [];
    const targets = new Set<string>();
    const fuzzed: Route[] = [];
    for (const route of routes) {
      if (unsendable(route) || tRPCAdapter(route) || route.staticFile) continue;
      if (board(route) || docsFile(route)) {
        const arb = restArb(route, fx, list, null);
        const target = `${route.method} ${route.url}`;
        shots.push(...sampleShots(arb, fx, ['none', 'customer', 'broken'], 20, seed(target)));
        continue;
      }
      fuzzed.push(route);
      const keys = await requiredKeys(server.baseUrl, fx, route.method, route.url);
      const match = bestTemplate(list, keys);
      const arb = restArb(route, fx, list, match);
      const swept = restSweep(route, fx, list, match);
      const target = `${route.method} ${route.url}`;
      shots.push(...sampleShots(arb, fx, ALL_AUTHS, RUNS, seed(target)), ...swept);
      targets.add(target);
    }
    for (const p of procedures) {
      const swept = trpcSweep(p, fx);
      const arb = trpcArb(p, procedures, fx, list);
      shots.push(...sampleShots(arb, fx, ALL_AUTHS, RUNS, seed(`trpc ${p.name}`)), ...swept);
      targets.add(`trpc ${p.name}`);
    }

    // Oversized bodies (> 1 MiB) to each body route and to a mutation; a > 5 MiB upload.
    const big = json({ title: 'x'.repeat(Math.ceil(1.1 * MIB)) });
    for (const route of fuzzed.filter((r) => !['GET', 'OPTIONS'].includes(r.method))) {
      for (const type of ['application/json', 'text/plain']) {
        shots.push({
          target: `${route.method} ${route.url}`,
          method: route.method,
          path: route.url.replace(/:[^/]+/g, fx.products[0]!).replace('*', 'x'),
          auth: 'admin',
          headers: { authorization: `Bearer ${fx.admin}`, 'content-type': type },
          body: big,
          note: `oversized ${type} body (${big.length} bytes)`,
        });
      }
    }
    const upload = new Uint8Array(6 * MIB);
    upload.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const boundary = 'fuzzbig';
    const encoder = new TextEncoder();
    for (const route of fuzzed.filter((r) => r.url.includes('upload') && r.method === 'POST')) {
      shots.push({
        target: `${route.method} ${route.url}`,
        method: 'POST',
        path: route.url,
        auth: 'admin',
        headers: {
          authorization: `Bearer ${fx.admin}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: Uint8Array.from([
          ...encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
          ),
          ...upload,
          ...encoder.encode(`\r\n--${boundary}--\r\n`),
        ]),
        note: 'oversized upload (6 MiB)',
      });
    }
    shots.push({
      target: 'trpc (oversized)',
      method: 'POST',
      path: '/trpc/cart.add',
      auth: 'customer',
      headers: { authorization: `Bearer ${fx.customer}`, 'content-type': 'application/json' },
      body: big,
      note: 'oversized body',
    });

    // Large batches: 500 procedures in one call (GET and POST), with malformed inputs.
    const batchArb = fc.record({
      names: fc.array(fc.constantFrom(...procedures), { minLength: 500, maxLength: 500 }),
      inputs: fc.array(fc.oneof(nastyValue, fc.constant(null)), { minLength: 500, maxLength: 500 }),
      auth: authArb(fx, ['admin', 'customer', 'none']),
    });
    for (const { names, inputs, auth } of fc.sample(batchArb, { numRuns: 6, seed: SEED })) {
      for (const type of ['query', 'mutation'] as const) {
        const chosen = names.filter((n) => n.type === type);
        // Short names keep the path under the router's 5,000-character limit for a parameter.
        const pick = chosen.filter((n) => n.name.length <= 8);
        const calls = Array.from({ length: 500 }, (_, i) => pick[i % pick.length]!);
        const body = json(
          Object.fromEntries(
            calls
              .map((c, i) => [String(i), inputs[i]!])
              .filter(([, v]) => typeof v !== 'string' || v.length < 100),
          ),
        );
        const headers: Record<string, string> = {};
        if (auth[1]) headers.authorization = auth[1];
        const method = type === 'query' ? 'GET' : 'POST';
        if (method === 'POST') headers['content-type'] = 'application/json';
        shots.push({
          target: `trpc batch of 500 ${type === 'query' ? 'queries' : 'mutations'}`,
          method,
          path: `/trpc/${calls.map((c) => c.name).join(',')}?batch=1`,
          auth: auth[0],
          headers,
          body: method === 'POST' ? body : undefined,
          note: `batch of ${calls.length}: ${[...new Set(calls.map((c) => c.name))].join(', ')}`,
        });
      }
    }

    // Interleave targets so concurrent requests hit different routes, then send them all.
    const order = fc.sample(
      fc.shuffledSubarray(
        shots.map((_, i) => i),
        { minLength: shots.length },
      ),
      {
        numRuns: 1,
        seed: SEED,
      },
    )[0]!;
    const failures: Failure[] = [];
    /** Per target: answers received, and answers past the auth check (not 401/403). */
    const answered = new Map<string, { all: number; pastAuth: number }>();
    let sent = 0;
    let fiveXX = 0;
    let next = 0;
    const started = Date.now();
    const fire = async (shot: Shot) => {
      const id = String(sent++);
      try {
        // Node answers a request head over 16 KiB with 431 and drops the connection without saying
        // `Connection: close` (Fastify's default clientError handler): such requests get their own
        // connection, so the pool never hands the dropped one to the next request.
        const head = shot.path.length + JSON.stringify(shot.headers).length;
        const response = await answerWithin(
          `${server.baseUrl}${shot.path}`,
          {
            method: shot.method,
            headers: {
              ...shot.headers,
              'x-fuzz-id': id,
              ...(head > 12_000 ? { connection: 'close' } : {}),
            },
            body: shot.body instanceof Uint8Array ? new Uint8Array(shot.body) : shot.body,
          },
          timeoutFor(shot.path),
        );
        const text = response.text;
        const tally = answered.get(shot.target) ?? { all: 0, pastAuth: 0 };
        tally.all++;
        if (response.status !== 401 && response.status !== 403) tally.pastAuth++;
        answered.set(shot.target, tally);
        // tRPC batches answer 207 (or 200 when streamed) and carry each call's status inside.
        const inner = [...text.matchAll(/"httpStatus":\s*(5\d\d)/g)].length;
        if (response.status >= 500 || inner > 0) {
          fiveXX += Math.max(1, inner);
          failures.push({
            shot,
            status:
              response.status >= 500
                ? response.status
                : `${response.status} with ${inner} inner 5xx`,
            answer: short(text, 400),
            server: watch.serverErrors.get(id),
          });
        }
      } catch (error) {
        failures.push({
          shot,
          status:
            (error as Error).name === 'TimeoutError'
              ? `timeout (${timeoutFor(shot.path) / 1000} s)`
              : 'no answer',
          answer: String((error as Error).cause ?? error),
          unanswered: true,
        });
      }
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < order.length) await fire(shots[order[next++]!]!);
      }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const byTarget = new Map<string, number>();
    for (const f of failures) byTarget.set(f.shot.target, (byTarget.get(f.shot.target) ?? 0) + 1);
    const unanswered = failures.filter((f) => f.unanswered).length;
    console.log(
      `fuzz: ${sent} requests to ${fuzzed.length} REST routes and ${procedures.length} tRPC procedures ` +
        `in ${seconds} s: ${fiveXX} answered 5xx, ${unanswered} timed out or dropped ` +
        `(${PROFILE} profile, ${RUNS} runs, seed ${SEED})`,
    );
    const describeFailure = (f: Failure) =>
      `  - ${f.shot.method} ${short(f.shot.path, 200)} [${f.shot.auth}] → ${f.status}\n` +
      `      input: ${f.shot.note}\n      answer: ${f.answer}` +
      (f.server ? `\n      server: ${short(f.server, 400)}` : '');
    const report = [
      `${failures.length} of ${sent} requests failed (seed ${SEED}); replay: ${REPLAY}`,
      ...[...byTarget].flatMap(([target, n]) => {
        const procedure = target.startsWith('trpc ') ? target.slice(5) : null;
        const causes = procedure ? [...(watch.procedureErrors.get(procedure) ?? [])] : [];
        return [
          `${target}: ${n} failed${causes.length ? `; server: ${causes.map((c) => short(c, 300)).join(' | ')}` : ''}`,
          ...failures
            .filter((f) => f.shot.target === target)
            .slice(0, 3)
            .map(describeFailure),
        ];
      }),
    ].join('\n');
    // The failures first: a thin target is most often one whose requests failed.
    expect(failures.length, report).toBe(0);
    // Each target was answered at least RUNS times, and a good share of those got past the
    // auth check to the input validation and the handler (the rest probe the guards).
    const thin = [...targets].filter((target) => {
      const tally = answered.get(target) ?? { all: 0, pastAuth: 0 };
      return tally.all < RUNS || tally.pastAuth < RUNS / 4;
    });
    expect(
      thin.map((t) => `${t}: ${JSON.stringify(answered.get(t) ?? null)}`),
      `targets answered too few times; replay: ${REPLAY}`,
    ).toEqual([]);
  }, 900_000);

  it('leaves the database consistent: stock ≥ 0, cart totals equal their lines, one wish per product', async () => {
    const db = server.database.db;
    const negative = await db
      .selectFrom('product_sizes')
      .select(['id', 'stock'])
      .where('stock', '<', 0)
      .execute();
    expect(negative).toEqual([]);

    const badLines = await db
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where((eb) => eb.or([eb('quantity', '<', 1), eb('quantity', '>', MAX_CART_QUANTITY)]))
      .execute();
    expect(badLines).toEqual([]);

    // Each cart as the service computes it against the sums the database computes itself.
    const carts = await db.selectFrom('carts').select(['id', 'user_id']).execute();
    expect(carts.length).toBeGreaterThan(0);
    for (const cart of carts) {
      const view = await getCart(db, cart.user_id);
      const sums = await db
        .selectFrom('cart_items')
        .innerJoin('products', 'products.id', 'cart_items.product_id')
        .innerJoin('product_sizes', 'product_sizes.id', 'cart_items.size_id')
        .where('cart_items.cart_id', '=', cart.id)
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('cart_items.quantity'), eb.lit(0)).as('items'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(eb('products.price', '*', eb.ref('cart_items.quantity'))),
              eb.lit(0),
            )
            .as('price'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb('products.discounted_price', '*', eb.ref('cart_items.quantity')),
              ),
              eb.lit(0),
            )
            .as('discounted'),
        ])
        .executeTakeFirstOrThrow();
      const lines = view.cartItems;
      expect(view.totalItem).toBe(lines.reduce((s, l) => s + l.quantity, 0));
      expect(view.totalPrice).toBe(lines.reduce((s, l) => s + l.price, 0));
      expect(view.totalDiscountedPrice).toBe(lines.reduce((s, l) => s + l.discountedPrice, 0));
      expect(view.discount).toBe(view.totalPrice - view.totalDiscountedPrice);
      expect([view.totalItem, view.totalPrice, view.totalDiscountedPrice]).toEqual([
        Number(sums.items),
        Number(sums.price),
        Number(sums.discounted),
      ]);
    }

    const doubled = await db
      .selectFrom('wish_items')
      .select(['user_id', 'product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['user_id', 'product_id'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(doubled).toEqual([]);
  });
});
