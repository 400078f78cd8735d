// Reading back the PDFs the gateway writes (server/domain/pdf/table-pdf.ts), for tests.
import { inflateSync } from 'node:zlib';

/** The text drawn in a pdfkit PDF: its content streams inflated, its hex strings decoded. */
export function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('>>\nstream\n', at);
    if (start < 0) break;
    const from = start + '>>\nstream\n'.length;
    const end = pdf.indexOf('\nendstream', from);
    try {
      const content = inflateSync(pdf.subarray(from, end)).toString('latin1');
      for (const line of content.split('\n')) {
        const pieces = [...line.matchAll(/<([0-9a-fA-F]+)>/g)].map((match) => Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
        if (pieces.length > 0) text.push(pieces.join(''));
      }
    } catch {
      // Not a deflated content stream (a font, an image): no text in it.
    }
    at = end + '\nendstream'.length;
  }
  return text.join('\n');
}
