/**
 * Many labels in one PDF to print (issue 48): couriers whose API answers one label a shipment (Aramex, Mylerz), and
 * the back office's "print labels" over many orders, put every page of each PDF in order into one document.
 */
/** pdf-lib, loaded on the first label read or merged (not at every start-up: about 0.3 s). */
const pdfLib = () => import('pdf-lib');

/** Whether the bytes start as a PDF does. */
export const isPdf = (b: Buffer | Uint8Array) => Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Whether the PDF library can read these bytes (a label it cannot read would spoil a merged print). */
export async function readsAsPdf(b: Buffer): Promise<boolean> {
  // Outside the try: a library that does not load is an error, not a label it cannot read.
  const { PDFDocument } = await pdfLib();
  try {
    await PDFDocument.load(b, { ignoreEncryption: true });
    return true;
  } catch {
    return false;
  }
}

/** One PDF holding every page of these PDFs, in order (one PDF: as it is). Throws when one is not a PDF. */
export async function mergePdfs(pdfs: Buffer[]): Promise<Buffer> {
  if (pdfs.length === 1) return pdfs[0]!;
  const { PDFDocument } = await pdfLib();
  const out = await PDFDocument.create();
  for (const pdf of pdfs) {
    const doc = await PDFDocument.load(pdf, { ignoreEncryption: true });
    const pages = await out.copyPages(doc, doc.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  // Plain objects (no object streams): any printer's viewer reads it, and each page is findable in the file.
  return Buffer.from(await out.save({ useObjectStreams: false }));
}
