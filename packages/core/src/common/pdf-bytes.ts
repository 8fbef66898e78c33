import { lazy } from './lazy';
import { bold, oblique, regular } from './pdf-fonts.generated';

/**
 * The faces every document sets its text in: DejaVu Sans, embedded (pdfkit keeps only the glyphs
 * used), because the standard PDF fonts have no ₹ and no minus sign.
 */
export const FONT = { regular: 'Body', bold: 'Body-Bold', oblique: 'Body-Oblique' } as const;

let faces: { name: string; data: Buffer }[] | null = null;
/** Decoded once per process, on the first document. */
const fontFaces = () =>
  (faces ??= [
    { name: FONT.regular, data: Buffer.from(regular, 'base64') },
    { name: FONT.bold, data: Buffer.from(bold, 'base64') },
    { name: FONT.oblique, data: Buffer.from(oblique, 'base64') },
  ]);

// pdfkit is loaded on the first document, not when a module that may write one is imported.
const pdfkit = lazy(() => import('pdfkit').then((m) => m.default));

/**
 * A new A4 pdfkit document and the promise of its bytes once `end()` is called: every PDF the
 * shop writes (invoice, manifest, packing slip, scheme statement) is built in memory this way,
 * with the shop's font registered and set.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions) {
  const PDFDocument = await pdfkit();
  const pdf = new PDFDocument({ size: 'A4', ...options });
  for (const face of fontFaces()) pdf.registerFont(face.name, face.data);
  pdf.font(FONT.regular);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}
