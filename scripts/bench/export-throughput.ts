/**
 * What one CSV export of the console costs, measured as a staff member's browser receives it: POSTs
 * `request` to the `staffExport` function with the ID token, reads the streamed file as it arrives
 * and counts its rows (a record per CRLF outside quotes, the header not counted), bytes and chunks.
 * For `npm run bench:scale` and the export's own tests (functions/src/staff/export.test.ts);
 * docs/decisions/0152-staff-export-and-recorded-reply.md.
 */
import { STAFF_EXPORT_FUNCTION, type ExportRequest } from '../../src/data/staff-export';

export interface ExportThroughput {
  rows: number;
  bytes: number;
  /** How many pieces the body arrived in: more than one when the function streams. */
  chunks: number;
  /** From the request to the first byte of the body, and to its last. */
  firstByteMs: number;
  totalMs: number;
  rowsPerSecond: number;
  bytesPerSecond: number;
}

export interface ExportCall {
  /** The functions' base URL (LocalStack.functionsUrl), or the function's own address with `direct`. */
  functionsUrl: string;
  idToken: string;
  request: ExportRequest;
  /** `functionsUrl` is already the function's address (a handler served on its own in a test). */
  direct?: boolean;
}

/** Counts the records of a CSV stream piece by piece, with the quote state carried across pieces. */
function rowCounter() {
  let quoted = false;
  let afterCr = false;
  let records = 0;
  return {
    take(text: string) {
      for (const char of text) {
        if (char === '"') quoted = !quoted;
        else if (!quoted && char === '\n' && afterCr) records += 1;
        afterCr = !quoted && char === '\r';
      }
    },
    get rows() {
      return Math.max(0, records - 1);
    },
  };
}

export async function measureExportThroughput({ functionsUrl, idToken, request, direct = false }: ExportCall): Promise<ExportThroughput> {
  const url = direct ? functionsUrl : `${functionsUrl.replace(/\/+$/, '')}/${STAFF_EXPORT_FUNCTION}`;
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(request),
  });
  if (!response.ok || !response.body) throw new Error(`staffExport answered ${response.status}: ${await response.text()}`);
  const counter = rowCounter();
  const decoder = new TextDecoder();
  let bytes = 0;
  let chunks = 0;
  let firstByteMs = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (chunks === 0) firstByteMs = performance.now() - started;
    chunks += 1;
    bytes += read.value.byteLength;
    counter.take(decoder.decode(read.value, { stream: true }));
  }
  counter.take(decoder.decode());
  const totalMs = performance.now() - started;
  const seconds = totalMs / 1000;
  return {
    rows: counter.rows,
    bytes,
    chunks,
    firstByteMs,
    totalMs,
    rowsPerSecond: counter.rows / seconds,
    bytesPerSecond: bytes / seconds,
  };
}

// Reading a file back the way a spreadsheet does (RFC 4180: quoted fields, doubled quotes, line
// breaks inside quotes), so the export's tests check the rows a person sees rather than its bytes.

/** The rows of `text`, each a list of cells; a leading byte order mark is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && source[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error(`The file does not end with CRLF: ${JSON.stringify(source.slice(-40))}`);
  return rows;
}

/** The rows as records keyed by the header's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
