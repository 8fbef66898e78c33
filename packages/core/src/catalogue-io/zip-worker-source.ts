// The code of the zip-reading worker thread, as a CommonJS script evaluated by new Worker (no file
// of its own, so the production bundle needs nothing beside it). It reads the zip's central
// directory itself and inflates each entry in 16 kB slices, counting the bytes that come out:
// a header that lies about an entry's size cannot make it inflate past the cap, and whatever a
// zip holds, the server's event loop never inflates a byte of it.
export const ZIP_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { Inflate } = require(workerData.fflate);
const { bytes, maxTotal, maxEntry, maxEntries, keep } = workerData;
const keepName = keep ? new RegExp(keep.source, keep.flags) : null;
const data = new Uint8Array(bytes);
const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
class Refusal extends Error {
  constructor(kind, name) { super(kind); this.kind = kind; this.name_ = name; }
}
const broken = () => new Refusal('broken');
function endOfDirectory() {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65535); at--)
    if (view.getUint32(at, true) === 0x06054b50) return at;
  throw broken();
}
function entries() {
  const end = endOfDirectory();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count > maxEntries) throw new Refusal('entries');
  const list = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== 0x02014b50) throw broken();
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    if (packed === 0xffffffff || local === 0xffffffff) throw broken(); // zip64: not for an upload
    list.push({ method, packed, local, name });
    at += 46 + skip;
  }
  return list;
}
function inflateEntry(entry, wanted, counted) {
  const at = entry.local;
  if (at + 30 > data.length || view.getUint32(at, true) !== 0x04034b50) throw broken();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const packed = data.subarray(start, start + entry.packed);
  if (packed.length !== entry.packed) throw broken();
  const chunks = [];
  let size = 0;
  const take = (chunk) => {
    size += chunk.length;
    counted(chunk.length);
    if (wanted && size > maxEntry) throw new Refusal('entry', entry.name);
    if (wanted) chunks.push(chunk);
  };
  if (entry.method === 0) take(packed);
  else if (entry.method === 8) {
    let ended = false;
    const inflate = new Inflate((chunk, final) => { take(chunk); if (final) ended = true; });
    const SLICE = 16 * 1024;
    for (let from = 0; from < packed.length; from += SLICE)
      inflate.push(packed.subarray(from, from + SLICE), from + SLICE >= packed.length);
    if (packed.length === 0) throw broken();
    if (!ended) throw broken();
  } else throw broken();
  if (!wanted) return null;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) { out.set(chunk, offset); offset += chunk.length; }
  return out;
}
try {
  let total = 0;
  const counted = (n) => {
    total += n;
    if (total > maxTotal) throw new Refusal('total');
    if (total > Math.max(1024 * 1024, 100 * data.length)) throw new Refusal('ratio');
  };
  const files = [];
  for (const entry of entries()) {
    if (entry.name.endsWith('/')) continue;
    const base = entry.name.split('/').pop();
    const wanted = keepName !== null && keepName.test(base);
    // A zip whose files are only kept by name (images) inflates nothing else; a spreadsheet is
    // inflated whole (keep null) so that its total is known before it is parsed.
    if (keepName !== null && !wanted) continue;
    const out = inflateEntry(entry, wanted, counted);
    if (out) files.push([base, out]);
  }
  parentPort.postMessage({ ok: true, total, files }, files.map(([, d]) => d.buffer));
} catch (error) {
  if (error instanceof Refusal)
    parentPort.postMessage({ ok: false, refusal: error.kind, name: error.name_ ?? null });
  else parentPort.postMessage({ ok: false, refusal: 'broken', name: null });
}
`;
