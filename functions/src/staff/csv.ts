/** CSV as RFC 4180 writes it (comma-separated, CRLF, a field holding a quote, comma or line break in
 *  double quotes with its quotes doubled), made safe to open in a spreadsheet: a text cell that
 *  begins with = + - @, a tab or a carriage return is read there as a formula (CSV injection, OWASP),
 *  so it gets a leading apostrophe and is shown as the text it is
 *  (docs/decisions/0152-staff-export-and-recorded-reply.md). */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are ours (counts, amounts): never a visitor's text, so never a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A stored time (milliseconds since 1970) as ISO 8601 UTC; empty when there is none. */
export function isoTime(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? new Date(value).toISOString() : '';
}
