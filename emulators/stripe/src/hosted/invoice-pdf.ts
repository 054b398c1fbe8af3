/**
 * An invoice as a real PDF (the invoice's `invoice_pdf`): a small hand-written PDF 1.4 writer —
 * Letter pages, the standard Helvetica fonts (nothing embedded), text drawn in uncompressed content
 * streams, and a cross-reference table with each object's byte offset — enough for any viewer to
 * open it and for tests to find the invoice's lines in it. No library: the stand-in needs text
 * only, and a writer this size is easier to check than a dependency.
 */
import type Stripe from 'stripe';
import { invoiceSummary } from './invoice-summary';

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const LINE_HEIGHT = 14;

interface TextRun {
  x: number;
  y: number;
  size: number;
  bold: boolean;
  text: string;
}

/** Characters outside Latin-1 that WinAnsiEncoding has (the rest become "?"). */
const WIN_ANSI: Record<string, number> = {
  '–': 0x96,
  '—': 0x97,
  '•': 0x95,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '…': 0x85,
  '€': 0x80,
};

/** A PDF string literal in WinAnsiEncoding, as bytes (latin1) with `( ) \` escaped. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const printable = (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff);
    const c = String.fromCharCode(WIN_ANSI[char] ?? (printable ? code : 0x3f));
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** A PDF file of pages of text runs (coordinates from the bottom left, in points). */
export function pdfDocument(pages: TextRun[][], title: string): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info; then a page and its contents each.
  const firstPage = 6;
  pages.forEach((_, index) => pageIds.push(firstPage + index * 2));
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(title)} /Producer (Stripe stand-in) >>`;
  pages.forEach((runs, index) => {
    const content = runs
      .map((run) => `BT /${run.bold ? 'F2' : 'F1'} ${run.size} Tf ${run.x} ${run.y} Td ${pdfString(run.text)} Tj ET`)
      .join('\n');
    const pageId = pageIds[index];
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  // A binary comment line after the header tells tools the file holds 8-bit data.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  const size = objects.length;
  body += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${size} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Helvetica's widths are not measured here: a short text is cut to fit its column. */
const fit = (text: string, characters: number) => (text.length > characters ? `${text.slice(0, characters - 1)}…` : text);

/** A line's description in rows of at most `characters`, broken between words, so all of it shows. */
function wrap(text: string, characters: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    const candidate = row === '' ? word : `${row} ${word}`;
    if (candidate.length <= characters || row === '') row = candidate;
    else {
      rows.push(row);
      row = word;
    }
  }
  return [...rows, row].flatMap((part) => part.match(new RegExp(`.{1,${characters}}`, 'gu')) ?? ['']);
}

/** The invoice's PDF: heading, number and dates, who bills whom, the lines, the totals. */
export function invoicePdf(invoice: Stripe.Invoice, businessName: string): Buffer {
  const summary = invoiceSummary(invoice);
  const pages: TextRun[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  const put = (x: number, text: string, options: { size?: number; bold?: boolean } = {}) =>
    pages[pages.length - 1].push({ x, y, size: options.size ?? 10, bold: options.bold ?? false, text });
  const next = (lines = 1) => {
    y -= LINE_HEIGHT * lines;
    if (y < MARGIN) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
    }
  };
  const amountX = PAGE_WIDTH - MARGIN - 90;

  put(MARGIN, 'Invoice', { size: 20, bold: true });
  next(2);
  put(MARGIN, `Invoice number: ${summary.number}`);
  next();
  put(MARGIN, `Date of issue: ${summary.issued}`);
  next();
  put(MARGIN, `Status: ${summary.status}${summary.paidOn ? `, paid on ${summary.paidOn}` : ''}`);
  next(2);
  put(MARGIN, businessName, { bold: true });
  put(PAGE_WIDTH / 2, 'Bill to', { bold: true });
  for (const part of summary.billTo) {
    next();
    put(PAGE_WIDTH / 2, fit(part, 45));
  }
  next(2);
  put(MARGIN, 'Description', { bold: true });
  put(amountX - 40, 'Qty', { bold: true });
  put(amountX, 'Amount', { bold: true });
  for (const line of summary.lines) {
    next(1.5);
    const [first, ...more] = wrap(line.description, 62);
    put(MARGIN, first);
    put(amountX - 40, String(line.quantity));
    put(amountX, line.amount);
    for (const row of more) {
      next();
      put(MARGIN, row);
    }
    next();
    put(MARGIN, line.period, { size: 8 });
  }
  next();
  for (const row of summary.rows) {
    next(row.final ? 1.5 : 1);
    put(amountX - 150, row.label, { bold: row.final });
    put(amountX, row.amount, { bold: row.final });
  }
  return pdfDocument(pages, summary.title);
}
