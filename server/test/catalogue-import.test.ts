// The owner's catalogue as a file. A dry run names each bad cell and applies nothing
// from those rows; the apply runs in a real worker process (killed mid-apply in one test);
// re-importing and export → import change nothing, for CSV and XLSX alike.
import { constants as zlib, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportApply, startImportApply } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { blobOf, httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import { catalogueColumns, type ImportDryRun, type ImportStatus } from '@kanak/shared';
import {
  eventually,
  login,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerFaults,
  type WorkerProcess,
} from './pipeline-support';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
const COLUMNS = catalogueColumns(2);

/** A valid fixed-priced ring; `over` replaces cells. */
function product(sku: string, over: Record<string, string> = {}): Record<string, string> {
  return {
    sku,
    status: 'live',
    title: `Import Test Ring ${sku}`,
    brand: 'Kanak',
    collection: 'best-sellers',
    category: 'gold > rings > ring',
    metal: 'gold',
    color: 'yellow',
    occasion: 'casual',
    description: 'A plain band for every day.',
    details: 'Hallmarked.',
    quantity: '1',
    pricing: 'fixed',
    price: '25000',
    discounted_price: '24000',
    hallmark: '22K916',
    images: 'ring.png',
    size_1_sku: `${sku}-4G`,
    size_1_weight: '4 g',
    size_1_size: '16 MM',
    size_1_net_weight: '3.5',
    size_1_stock: '3',
    size_2_sku: `${sku}-6G`,
    size_2_weight: '6 g',
    size_2_size: '18 MM',
    size_2_net_weight: '5.2',
    size_2_stock: '2',
    ...over,
  };
}

/** A metal-priced 22K ring (priced from the seeded rate). */
const metalProduct = (sku: string, over: Record<string, string> = {}) =>
  product(sku, {
    pricing: 'metal',
    price_metal: 'gold',
    purity: '916',
    making_kind: 'percent',
    making_value: '12',
    making_discount: '0',
    stones_value: '0',
    price: '',
    discounted_price: '',
    hallmark: '',
    ...over,
  });

/**
 * A zip bomb: `count` "images" whose headers each claim 100 bytes and which each inflate to
 * `mb` MB of zeros (a megabyte of zeros deflated with a full flush, byte-aligned, repeated):
 * 1 × 1024 MB from about 1 MB, or 40 × 8 MB (each under the per-image cap) from 330 kB.
 */
function zipBomb(count: number, mb: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array.from({ length: mb }, () => block), Buffer.from([3, 0])]);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const file = Buffer.from(`bomb-${i}.png`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(100, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(100, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, data);
    centrals.push(central, file);
    offset += local.length + file.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csvOf = (rows: Record<string, string>[]) =>
  [COLUMNS, ...rows.map((r) => COLUMNS.map((c) => r[c] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n');

describe('catalogue import and export', () => {
  let server: TestServer;
  let admin: string;
  const workers: WorkerProcess[] = [];
  const zip = zipSync({ 'ring.png': new Uint8Array(PNG) });

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'fatal' });
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await server?.close();
  });

  const startWorker = async (env: Record<string, string> = {}, faults?: WorkerFaults) => {
    const worker = await startWorkerProcess(server, env, { faults });
    workers.push(worker);
    return worker;
  };

  async function upload(
    file: Buffer | string,
    name: string,
    images: Uint8Array | null = zip,
  ): Promise<ImportDryRun> {
    const form = new FormData();
    form.append('file', blobOf(file), name);
    if (images) form.append('images', blobOf(images), 'images.zip');
    const res = await fetch(`${server.baseUrl}/api/admin/catalogue/imports?dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = (await res.json()) as ImportDryRun;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  async function apply(id: string): Promise<ImportStatus> {
    const http = httpClient(server.baseUrl);
    const started = await http.post<ImportStatus>(
      `/api/admin/catalogue/imports/${id}/apply`,
      undefined,
      { token: admin },
    );
    expect(started.status).toBe(202);
    return eventually(
      async () => {
        const status = await http.get<ImportStatus>(`/api/admin/catalogue/imports/${id}`, {
          token: admin,
        });
        return status.body.state === 'applied' ? status.body : null;
      },
      60_000,
      200,
    );
  }

  async function exported(format: 'csv' | 'xlsx', q = 'Import Test Ring'): Promise<Buffer> {
    const res = await fetch(
      `${server.baseUrl}/api/admin/catalogue/export?format=${format}&q=${encodeURIComponent(q)}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  const productsBySku = (skus: string[]) =>
    server.database.db
      .selectFrom('products')
      .select(['id', 'sku', 'status', 'discounted_price'])
      .where('sku', 'in', skus)
      .execute();

  const liveCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'live')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('names exactly one error per bad row, applies only the good rows, and a re-import changes nothing', async () => {
    await startWorker();
    const rows = [
      product('IMP-GOOD-1'),
      metalProduct('IMP-GOOD-2'),
      product('', { title: 'No SKU ring', size_1_sku: 'NOSKU-4G', size_2_sku: 'NOSKU-6G' }),
      product('IMP-BAD-CAT', { category: 'gold > rings > spaceship' }),
      metalProduct('IMP-BAD-PURITY', { purity: '920' }),
      product('IMP-BAD-NET', { size_1_net_weight: '4.5' }),
      product('IMP-GOOD-1', { title: 'A second IMP-GOOD-1', size_1_sku: 'X-1', size_2_sku: 'X-2' }),
      product('IMP-BAD-IMAGE', { images: 'missing.png' }),
      product('IMP-BAD-FORMULA', { title: '=HYPERLINK("http://evil.example","Click")' }),
    ];
    const dry = await upload(csvOf(rows), 'catalogue.csv');
    expect(dry.state).toBe('validated');
    expect(dry.errors.map((e) => [e.row, e.column])).toEqual([
      [4, 'sku'],
      [5, 'category'],
      [6, 'purity'],
      [7, 'size_1_net_weight'],
      [8, 'sku'],
      [9, 'images'],
      [10, 'title'],
    ]);
    expect(dry.errors.find((e) => e.row === 9)!.value).toBe('missing.png');
    expect(dry.summary).toEqual({ new: 2, changed: 0, unchanged: 0, archived: 0, errors: 7 });
    const metal = dry.changes.find((c) => c.sku === 'IMP-GOOD-2')!;
    expect(metal.kind).toBe('new');
    expect(metal.price.before).toBeNull();
    expect(metal.price.after).toBeGreaterThan(0);

    const done = await apply(dry.id);
    expect(done.progress).toBe(100);
    const saved = await productsBySku([
      'IMP-GOOD-1',
      'IMP-GOOD-2',
      'IMP-BAD-CAT',
      'IMP-BAD-PURITY',
      'IMP-BAD-NET',
      'IMP-BAD-IMAGE',
      'IMP-BAD-FORMULA',
    ]);
    expect(saved.map((p) => p.sku).sort()).toEqual(['IMP-GOOD-1', 'IMP-GOOD-2']);
    expect(saved.every((p) => p.status === 'live')).toBe(true);
    // The metal piece is priced at today's rate: what the dry run said it would cost.
    expect(saved.find((p) => p.sku === 'IMP-GOOD-2')!.discounted_price).toBe(metal.price.after);
    // One truth: the imported metal-priced piece's mark is its priced purity's.
    const marks = await server.database.db
      .selectFrom('products')
      .select(['sku', 'hallmark', 'pricing_purity'])
      .where('sku', 'in', ['IMP-GOOD-1', 'IMP-GOOD-2'])
      .orderBy('sku')
      .execute();
    expect(marks).toEqual([
      { sku: 'IMP-GOOD-1', hallmark: '22K916', pricing_purity: null },
      { sku: 'IMP-GOOD-2', hallmark: '22K916', pricing_purity: '916' },
    ]);
    const image = await server.database.db
      .selectFrom('product_images')
      .innerJoin('products', 'products.id', 'product_images.product_id')
      .select('url')
      .where('products.sku', '=', 'IMP-GOOD-1')
      .executeTakeFirstOrThrow();
    expect(image.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);

    // The same file again (its bad rows dropped): nothing to do.
    const again = await upload(csvOf(rows.slice(0, 2)), 'catalogue.csv');
    expect(again.summary).toEqual({ new: 0, changed: 0, unchanged: 2, archived: 0, errors: 0 });
    expect(again.errors).toEqual([]);

    // A changed price and an archived piece are told apart, field by field.
    const edited = await upload(
      csvOf([
        product('IMP-GOOD-1', { discounted_price: '23000' }),
        metalProduct('IMP-GOOD-2', { status: 'archived' }),
      ]),
      'catalogue.csv',
    );
    expect(edited.summary).toMatchObject({ changed: 1, archived: 1, unchanged: 0 });
    expect(edited.changes.find((c) => c.sku === 'IMP-GOOD-1')).toMatchObject({
      kind: 'changed',
      fields: [{ column: 'discounted_price', before: '24000', after: '23000' }],
      price: { before: 24000, after: 23000 },
    });

    // Apply does what the dry run said: the archived row archives its product; products absent
    // from the file are not rows of the import and stay as they are (archiving is a row's status).
    const liveBefore = await liveCount();
    await apply(edited.id);
    const after = await productsBySku(['IMP-GOOD-1', 'IMP-GOOD-2']);
    expect(after.find((p) => p.sku === 'IMP-GOOD-1')).toMatchObject({
      status: 'live',
      discounted_price: 23000,
    });
    expect(after.find((p) => p.sku === 'IMP-GOOD-2')!.status).toBe('archived');
    expect(await liveCount()).toBe(liveBefore - 1);
  }, 90_000);

  it('refuses a row the shop changed since the check, saves the others, and applies a check once', async () => {
    // Before: the first refused row stopped the import (`failed`, the rows after it unsaved),
    // and pressing Apply again answered 202 as if nothing had happened.
    const skus = ['IMP-FAIL-A', 'IMP-FAIL-B', 'IMP-FAIL-C'];
    // Titled apart from the other tests' rings, which the round trip exports by title.
    const dry = await upload(
      csvOf(skus.map((s) => product(s, { title: `Refused Import Piece ${s}` }))),
      'fail.csv',
    );
    expect(dry.summary).toMatchObject({ new: 3, errors: 0 });
    // Between the dry run and the apply, another product's size takes row 3's size SKU.
    const other = await server.database.db
      .selectFrom('product_sizes')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('product_sizes')
      .set({ sku: 'IMP-FAIL-B-4G' })
      .where('id', '=', other.id)
      .execute();

    const done = await apply(dry.id);
    expect(done).toMatchObject({ state: 'applied', progress: 100, saved: 2, refused: 1 });
    expect(done.failures).toEqual([
      {
        row: 3,
        sku: 'IMP-FAIL-B',
        message: expect.stringMatching(
          /^changed since the check: Size SKU IMP-FAIL-B-4G is already used/,
        ),
      },
    ]);
    expect((await productsBySku(skus)).map((p) => p.sku).sort()).toEqual([
      'IMP-FAIL-A',
      'IMP-FAIL-C',
    ]);
    // A check is applied once: the owner uploads the file again for a fresh check.
    const http = httpClient(server.baseUrl);
    const again = await http.post<{ message: string }>(
      `/api/admin/catalogue/imports/${dry.id}/apply`,
      undefined,
      { token: admin },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been applied: upload the file again/);
  }, 90_000);

  it('a second check of a new piece, applied after a sale, is refused and the sale stands', async () => {
    // Before: the second apply answered `applied` and put the stock back to 5 while a paid order
    // held a piece, replacing the title, price and images as well.
    if (workers.length === 0) await startWorker();
    const row = product('IMP-STALE', {
      title: 'Stale Check Bangle',
      price: '45000',
      discounted_price: '45000',
      size_1_sku: 'IMP-STALE-4G',
      size_1_stock: '5',
      size_2_sku: '',
      size_2_weight: '',
      size_2_size: '',
      size_2_net_weight: '',
      size_2_stock: '',
    });
    const first = await upload(csvOf([row]), 'stale.csv');
    const second = await upload(csvOf([row]), 'stale.csv');
    expect(first.summary.new).toBe(1);
    expect(second.summary.new).toBe(1);

    await apply(first.id);
    const stockOf = async () =>
      await server.database.db
        .selectFrom('product_sizes')
        .select(['stock', 'product_id', 'id'])
        .where('sku', '=', 'IMP-STALE-4G')
        .executeTakeFirstOrThrow();
    const size = await stockOf();
    expect(size.stock).toBe(5);

    // A shopper buys one through the real path: order, sandbox payment, the worker's confirmation.
    const paid = await sandboxPaidOrder(server, { productId: size.product_id, sizeId: size.id });
    const http = httpClient(server.baseUrl);
    const back = await http.get<{ status: string }>(paid.returnPath, { token: paid.shopper.token });
    expect(back.body.status).toBe('PAID');
    await eventually(async () => (await stockOf()).stock === 4, 30_000, 100);

    const late = await apply(second.id);
    expect(late).toMatchObject({ state: 'applied', saved: 0, refused: 1 });
    expect(late.failures).toEqual([
      {
        row: 2,
        sku: 'IMP-STALE',
        message: 'changed since the check: SKU IMP-STALE was created since',
      },
    ]);
    expect((await stockOf()).stock).toBe(4);
  }, 120_000);

  it('an expired check cannot be applied (IMPORT_CHECK_TTL_MINUTES, on the injected clock)', async () => {
    const dry = await upload(
      csvOf([
        product('IMP-TTL', {
          title: 'Expiring Check Ring',
          size_1_sku: 'IMP-TTL-4G',
          size_2_sku: 'IMP-TTL-6G',
        }),
      ]),
      'ttl.csv',
    );
    // The server's own relay polls the outbox: the apply needs no wake-up from here.
    const relay = { wake: () => undefined };
    const at = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);
    await expect(
      startImportApply({ db: server.database.db, relay, clock: at(61) }, dry.id),
    ).rejects.toMatchObject({
      kind: 'CONFLICT',
      message: expect.stringMatching(/older than 60 minutes.*upload the file again/),
    });
    await expect(
      startImportApply(
        { db: server.database.db, relay, clock: at(10), checkTtlMinutes: 5 },
        dry.id,
      ),
    ).rejects.toMatchObject({ kind: 'CONFLICT' });
    expect(
      (
        await server.database.db
          .selectFrom('catalogue_imports')
          .select('state')
          .where('id', '=', dry.id)
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('validated');
    // Within its life it applies.
    const started = await startImportApply(
      { db: server.database.db, relay, clock: at(59) },
      dry.id,
    );
    expect(started.state).toBe('applying');
  });

  it('a dry run reports a SKU or size SKU another product holds, and a price below ₹1', async () => {
    // Before: the dry run counted this row `new`; the apply then stopped at it (`failed, 0 rows
    // applied`). And a discounted price of 0 was accepted.
    const taken = await server.database.db
      .selectFrom('product_sizes')
      .select('sku')
      .orderBy('id')
      .offset(3)
      .limit(1)
      .executeTakeFirstOrThrow();
    const dry = await upload(
      csvOf([
        product('IMP-SIZE-CLASH', {
          title: 'Size Clash Ring',
          size_1_sku: taken.sku,
          size_2_sku: 'IMP-SC-6G',
        }),
        product('IMP-FREE', {
          title: 'Free Price Ring',
          discounted_price: '0',
          size_1_sku: 'IMP-FREE-4G',
          size_2_sku: 'IMP-FREE-6G',
        }),
      ]),
      'clash.csv',
    );
    expect(dry.errors).toEqual([
      {
        row: 2,
        column: 'size_1_sku',
        value: taken.sku,
        message: expect.stringMatching(new RegExp(`^Size SKU ${taken.sku} is already used by`)),
      },
      {
        row: 3,
        column: 'discounted_price',
        value: '0',
        message: 'Discounted Price must be at least ₹1: a piece cannot be sold for less',
      },
    ]);
    expect(dry.summary).toMatchObject({ new: 0, errors: 2 });
  });

  it('round-trips: export → import reports no change, as CSV and as XLSX', async () => {
    const csv = await exported('csv');
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.toString('utf8').slice(1).split('\r\n')[0]!.split(',')[0]).toBe('sku');
    const viaCsv = await upload(csv, 'export.csv', null);
    expect(viaCsv.errors).toEqual([]);
    expect(viaCsv.summary).toEqual({ new: 0, changed: 0, unchanged: 2, archived: 0, errors: 0 });

    const xlsx = await exported('xlsx');
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    const viaXlsx = await upload(xlsx, 'export.xlsx', null);
    expect(viaXlsx.errors).toEqual([]);
    expect(viaXlsx.summary).toEqual(viaCsv.summary);

    // The whole seeded catalogue too.
    const all = await upload(await exported('csv', ''), 'all.csv', null);
    expect(all.summary.changed + all.summary.new + all.summary.errors).toBe(0);
  }, 60_000);

  it('escapes formula-like text on export and reads it back as the same text', async () => {
    const dry = await upload(
      csvOf([product('IMP-AT', { details: "'=SUM(A1:A2) is not a formula" })]),
      'at.csv',
    );
    expect(dry.errors).toEqual([]);
    await apply(dry.id);
    const csv = (await exported('csv', 'IMP-AT')).toString('utf8');
    expect(csv).toContain("'=SUM(A1:A2) is not a formula");
    const back = await upload(Buffer.from(csv), 'at.csv', null);
    expect(back.summary.unchanged).toBe(1);
  });

  it('applies every row exactly once when the worker is SIGKILLed mid-apply and restarted', async () => {
    for (const w of workers.splice(0)) await w.stop('SIGKILL');
    const skus = Array.from({ length: 12 }, (_, i) => `IMP-KILL-${i}`);
    const dry = await upload(csvOf(skus.map((s) => product(s))), 'kill.csv');
    expect(dry.summary.new).toBe(12);
    // Batches of 2 rows, held after the second commits: the kill lands between batches, with
    // 4 of the 12 rows saved (before, a pause of 800 ms per batch let the kill land anywhere).
    const slow = await startWorker(
      {
        IMPORT_BATCH_SIZE: '2',
        WORKER_LOCK_DURATION_MS: '1500',
        WORKER_STALLED_INTERVAL_MS: '500',
      },
      { holdImportAfterBatches: 2 },
    );
    const http = httpClient(server.baseUrl);
    expect(
      (await http.post(`/api/admin/catalogue/imports/${dry.id}/apply`, undefined, { token: admin }))
        .status,
    ).toBe(202);
    await slow.waitFor(/fault point: holding the import after 2 batches/, 30_000);
    const held = await http.get<ImportStatus>(`/api/admin/catalogue/imports/${dry.id}`, {
      token: admin,
    });
    expect(held.body).toMatchObject({ state: 'applying', progress: 33 });
    await slow.stop('SIGKILL');
    expect(await productsBySku(skus)).toHaveLength(4);

    await startWorker({ WORKER_LOCK_DURATION_MS: '1500', WORKER_STALLED_INTERVAL_MS: '500' });
    const done = await eventually(
      async () => {
        const s = await http.get<ImportStatus>(`/api/admin/catalogue/imports/${dry.id}`, {
          token: admin,
        });
        return s.body.state === 'applied' ? s.body : null;
      },
      60_000,
      200,
    );
    expect(done.failures).toEqual([]);
    const saved = await productsBySku(skus);
    expect(saved.map((p) => p.sku).sort()).toEqual([...skus].sort());
    const marks = await server.database.db
      .selectFrom('catalogue_imports')
      .select(['applied', 'total'])
      .where('id', '=', dry.id)
      .executeTakeFirstOrThrow();
    expect(marks).toEqual({ applied: 12, total: 12 });
    // Each size's stock is the file's, set once.
    const stock = await server.database.db
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.stock'])
      .where('products.sku', 'in', skus)
      .execute();
    expect(stock.map((s) => s.stock).sort()).toEqual(Array(12).fill([2, 3]).flat().sort());
  }, 120_000);

  it('tells the servers of its batches at most once per IMPORT_ANNOUNCE_MS and once at the end', async () => {
    // Before: an announcement per batch emptied every server's listing caches each time, so a
    // 20,000-row import left shoppers' listings uncached throughout (p99 6.7 → 714 ms).
    const skus = ['ANN-1', 'ANN-2', 'ANN-3', 'ANN-4', 'ANN-5', 'ANN-6', 'ANN-7'];
    const dry = await upload(csvOf(skus.map((sku) => product(sku))), 'announce.csv');
    expect(dry.summary.new).toBe(skus.length);
    let clock = 0;
    const heard: number[] = [];
    const result = await runImportApply(server.database.db, dry.id, {
      batchSize: 1,
      announceEveryMs: 5000,
      // The clock moves 1 s at each reading: 5 s have passed after the fifth batch (announced),
      // and the last two are announced at the end.
      now: () => (clock += 1000),
      afterBatch: async () => void heard.push(clock),
    });
    expect(result).toMatchObject({ state: 'applied', applied: skus.length });
    expect(heard).toEqual([7000, 10_000]);
    // A run that committed batches and died before marking the import applied: its retry finds
    // every row done and still announces them once.
    await server.database.db
      .updateTable('catalogue_imports')
      .set({ state: 'applying' })
      .where('id', '=', dry.id)
      .execute();
    let again = 0;
    await runImportApply(server.database.db, dry.id, { afterBatch: async () => void again++ });
    expect(again).toBe(1);
    expect((await productsBySku(skus)).map((p) => p.status)).toEqual(skus.map(() => 'live'));
  });

  it('refuses a bad upload with a 400, and an unknown import with a 404', async () => {
    const http = httpClient(server.baseUrl);
    const form = new FormData();
    form.append('file', new Blob(['title\r\nA ring']), 'x.csv');
    const res = await fetch(`${server.baseUrl}/api/admin/catalogue/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/sku/);
    const missing = await http.get(
      '/api/admin/catalogue/imports/00000000-0000-4000-8000-000000000000',
      { token: admin },
    );
    expect(missing.status).toBe(404);
    const badFormat = await http.get('/api/admin/catalogue/export?format=pdf', { token: admin });
    expect(badFormat.status).toBe(400);
    // A HEAD says what the file would be without reading the catalogue or taking the one place
    // an export has: two at once both answer.
    const heads = await Promise.all(
      [0, 1].map(() =>
        fetch(`${server.baseUrl}/api/admin/catalogue/export?format=xlsx`, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${admin}` },
        }),
      ),
    );
    for (const head of heads) {
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/spreadsheetml/);
      expect(head.headers.get('content-disposition')).toMatch(/catalogue-\d{4}-\d{2}-\d{2}\.xlsx/);
    }
  });

  it('refuses a zip bomb, unpacked in a worker thread, while health checks keep being answered', async () => {
    const bomb = zipBomb(40, 8);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const send = (file: Blob, fileName: string, images: Blob | null) => {
      const form = new FormData();
      form.append('file', file, fileName);
      if (images) form.append('images', images, 'images.zip');
      return fetch(`${server.baseUrl}/api/admin/catalogue/imports?dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
    };
    // The bomb as the images zip; health checks asked one after another until it is answered.
    let answered = false;
    const refused = send(new Blob([csvOf([product('BOMB-1')])]), 'bomb.csv', blobOf(bomb)).then(
      async (res) => {
        answered = true;
        return { status: res.status, body: (await res.json()) as { message: string } };
      },
    );
    let healthWhileBombing = 0;
    while (!answered) {
      const health = await fetch(`${server.baseUrl}/api/health`);
      await health.arrayBuffer();
      expect(health.status).toBe(200);
      if (!answered) healthWhileBombing += 1;
    }
    const images = await refused;
    expect(images.status).toBe(400);
    expect(images.body.message).toMatch(/^The images zip unpacks to more than .*zip bomb/);
    expect(healthWhileBombing).toBeGreaterThanOrEqual(3);

    // The same bomb sent as the spreadsheet (an XLSX is a zip): refused before it is parsed.
    const sheet = await send(blobOf(zipBomb(1, 1024)), 'catalogue.xlsx', null);
    expect(sheet.status).toBe(400);
    expect(((await sheet.json()) as { message: string }).message).toMatch(
      /^The XLSX file unpacks to more than .*zip bomb/,
    );
  });
});
