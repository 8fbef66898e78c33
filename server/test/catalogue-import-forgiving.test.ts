// The catalogue import forgives what can mean one thing only, its template passes its own dry
// run, and the export writes what the owner reads: metal-priced rows' prices and stones as
// columns, with export → import still reporting no change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueFile, type ProductView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { blobOf, httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import { catalogueColumns, templateCsvText, type ImportDryRun } from '@kanak/shared';
import { login } from './pipeline-support';

const COLUMNS = [...catalogueColumns(1), 'shelf_note'];
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csvOf = (rows: Record<string, string>[]) =>
  [COLUMNS, ...rows.map((r) => COLUMNS.map((c) => r[c] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n');

/** A metal-priced 22K ring with two certified diamonds, as the product form saves it. */
const STONED_RING = {
  imageUrls: [{ imageUrl: '/media/art/ring-diamond-a.svg' }],
  title: 'Forgiving Import Solitaire',
  brand: 'Kanak',
  color: 'yellow',
  description: 'A 22K ring set with natural diamonds.',
  details: 'BIS hallmarked, IGI certified.',
  occasion: 'engagement',
  quantity: 1,
  collectionName: 'best-sellers',
  type: 'gold',
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
  pricing: {
    basis: 'metal',
    metal: 'gold',
    purity: '916',
    making: { kind: 'percent', value: 14 },
    stones: 42000,
    makingDiscountPercent: 10,
  },
  stones: [
    {
      kind: 'diamond',
      origin: 'natural',
      count: 2,
      carat: 0.35,
      colour: 'F',
      clarity: 'VS1',
      cut: null,
      certificate: { lab: 'IGI', number: 'LG123456', url: null },
    },
    {
      kind: 'ruby',
      origin: 'natural',
      count: 1,
      carat: 0.1,
      colour: null,
      clarity: null,
      cut: null,
    },
  ],
  sizes: [
    { weight: '4 g', size: '16 MM', stock: 2, netWeight: 3.6 },
    { weight: '5 g', size: '18 MM', stock: 0, netWeight: 4.5 },
  ],
};

describe('a catalogue import that forgives the unambiguous, and an export the owner can read', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'fatal' });
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(file: Buffer | string, name: string): Promise<ImportDryRun> {
    const form = new FormData();
    form.append('file', blobOf(file), name);
    const res = await fetch(`${server.baseUrl}/api/admin/catalogue/imports?dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = (await res.json()) as ImportDryRun;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  async function exported(q: string): Promise<Buffer> {
    const res = await fetch(
      `${server.baseUrl}/api/admin/catalogue/export?format=csv&q=${encodeURIComponent(q)}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  async function rowsOf(file: Buffer) {
    const read = await readCatalogueFile(file);
    const rows: Record<string, string>[] = [];
    for await (const line of read.rows) rows.push(line.cells);
    return { header: read.header, rows };
  }

  it('the downloadable template passes its own dry run, with no images zip', async () => {
    // Before: "No image named classic-band-1.jpg in the uploaded zip".
    const dry = await upload(templateCsvText(), 'catalogue-template.csv');
    expect(dry.errors).toEqual([]);
    expect(dry.summary).toEqual({ new: 1, changed: 0, unchanged: 0, archived: 0, errors: 0 });
  });

  it('reads "Live", "Gold" and "₹31,000" as the values they can only mean, and explains an unknown column', async () => {
    // Before: "Status must be one of: draft, live, archived", "Metal must be one of: …" and
    // "Price must be a whole number"; the unknown column pointed to "(README)".
    const dry = await upload(
      csvOf([
        {
          sku: 'FORGIVE-1',
          status: 'Live',
          title: 'Forgiving Import Band',
          brand: 'Kanak',
          collection: 'Best-Sellers',
          category: 'Gold > Rings > Ring',
          metal: 'Gold',
          color: 'Yellow',
          occasion: 'Casual',
          description: 'A plain band.',
          details: 'Hallmarked.',
          quantity: '1',
          pricing: 'Fixed',
          price: '₹31,000',
          discounted_price: '29,500',
          hallmark: '22k916',
          images: '/media/art/ring-gold-a.svg',
          size_1_weight: '4 g',
          size_1_size: '16 MM',
          size_1_net_weight: '3.5',
          size_1_stock: '2',
          shelf_note: 'back room',
        },
      ]),
      'forgiving.csv',
    );
    expect(dry.errors).toEqual([
      {
        row: 1,
        column: 'shelf_note',
        value: 'shelf_note',
        message: expect.stringContaining('Columns the import reads'),
      },
    ]);
    expect(dry.errors[0]!.message).not.toContain('README');
    expect(dry.summary).toMatchObject({ new: 1, errors: 0 });
    const after = Object.fromEntries(dry.changes[0]!.fields.map((f) => [f.column, f.after]));
    expect(after).toMatchObject({
      status: 'live',
      metal: 'gold',
      color: 'yellow',
      occasion: 'casual',
      collection: 'best-sellers',
      category: 'gold > rings > ring',
      price: '31000',
      discounted_price: '29500',
      hallmark: '22K916',
    });
    expect(dry.changes[0]!.price.after).toBe(29_500);

    // A mistyped heading is named with the column it likely meant.
    const typo = await upload(
      `sku,discount_price\r\nFORGIVE-2,100\r\n`.replace('discount_price', 'discountd_price'),
      'typo.csv',
    );
    expect(typo.errors[0]!.message).toContain('did you mean "discounted_price"?');
  });

  it('exports a metal-priced row with its price and its stones as columns, and export → import changes nothing', async () => {
    const http = httpClient(server.baseUrl);
    const created = await http.post<ProductView>('/api/admin/products', STONED_RING, {
      token: admin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body;

    const file = await exported(STONED_RING.title);
    const { header, rows } = await rowsOf(file);
    // Before: price blank for metal-priced rows and one JSON cell named `stones`.
    expect(header).not.toContain('stones');
    expect(header).toEqual(expect.arrayContaining(['computed_price', 'stone_2_certificate_lab']));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.computed_price).toBe(String(product.discountedPrice));
    expect(Number(row.computed_price)).toBeGreaterThan(42_000);
    expect(row).toMatchObject({
      price: '',
      stone_1_kind: 'diamond',
      stone_1_origin: 'natural',
      stone_1_count: '2',
      stone_1_carat: '0.35',
      stone_1_colour: 'F',
      stone_1_clarity: 'VS1',
      stone_1_certificate_lab: 'IGI',
      stone_1_certificate_number: 'LG123456',
      stone_2_kind: 'ruby',
      stone_2_certificate_lab: '',
    });

    // Round trip: nothing changes, and the read-only price is not read.
    const back = await upload(file, 'export.csv');
    expect(back.errors).toEqual([]);
    expect(back.summary).toEqual({ new: 0, changed: 0, unchanged: 1, archived: 0, errors: 0 });
    const edited = file.toString('utf8').replace(`,${row.computed_price},`, ',1,');
    expect(edited).not.toBe(file.toString('utf8'));
    expect((await upload(edited, 'edited.csv')).summary.unchanged).toBe(1);

    // A stone cell edited in its column is a change of that column.
    const more = file.toString('utf8').replace(',VS1,', ',VVS2,');
    const changed = await upload(more, 'more.csv');
    expect(changed.summary.changed).toBe(1);
    expect(changed.changes[0]!.fields).toEqual([
      { column: 'stone_1_clarity', before: 'VS1', after: 'VVS2' },
    ]);
  });
});
