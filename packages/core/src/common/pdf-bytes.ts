import { lazy } from './lazy';

const pdfkit = lazy(() => import('pdfkit').then((m) => m.default));

/**
 * A new A4 pdfkit document and the promise of its bytes once `end()` is called: every PDF the
 * shop writes (invoice, manifest, scheme statement) is built in memory this way.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions) {
  const PDFDocument = await pdfkit();
  const pdf = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}
