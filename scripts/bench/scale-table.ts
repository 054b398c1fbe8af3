/**
 * The table `npm run bench:scale` prints: one row per figure of the table in
 * docs/decisions/0153-console-measured-at-scale.md, one column per
 * size measured, in Markdown so it can be pasted into a decision record. Pure.
 */
import type { PageMeasure } from './scale-pages';

export interface ScaleResult {
  entries: number;
  orders: number;
  customers: number;
  seedMs: number;
  /** Resident memory of the process that runs the database emulator, after the seed. */
  databaseRssBytes: number;
  /** A sign-up's write to staff_counters: median and most, or why there is none. */
  counter: { medianMs: number; maxMs: number; samples: number } | string;
  /** One per console page; none when the pages were not measured (`--seed-only`). */
  pages: PageMeasure[] | null;
  /** CSV export of the largest list: its rows, rows and bytes per second, or why there is none. */
  exportThroughput: { rows: number; rowsPerSecond: number; bytesPerSecond: number } | string;
}

const count = (n: number) => n.toLocaleString('en');

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Bytes as the issue writes them: KB below a megabyte, MB below a gigabyte (powers of 1,000). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} KB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
  return `${(bytes / 1e9).toFixed(1)} GB`;
}

function pageCells(measure: PageMeasure | undefined): [string, string, string] {
  if (!measure) return ['not measured', 'not measured', 'not measured'];
  const time = measure.outcome === 'shown' && measure.firstRowsMs !== null ? formatMs(measure.firstRowsMs) : measure.outcome;
  const bytes = measure.databaseBytes === null ? '—' : formatBytes(measure.databaseBytes);
  const heap =
    measure.heapBytes === null ? '—' : typeof measure.heapBytes === 'string' ? measure.heapBytes : formatBytes(measure.heapBytes);
  return [time, bytes, heap];
}

function firstVisitCell(measure: PageMeasure | undefined): string {
  const visit = measure?.firstVisit;
  if (!visit) return 'not measured';
  return visit.outcome === 'shown' && visit.firstRowsMs !== null ? formatMs(visit.firstRowsMs) : visit.outcome;
}

/** The rows' labels and each result's cells; pages in the order of the first result that has them. */
export function scaleTable(results: readonly ScaleResult[]): string {
  const pageNames = results.find((result) => result.pages)?.pages?.map((page) => page.name) ?? [];
  const rows: [string, (result: ScaleResult) => string][] = [
    [
      'seeded (triggers off)',
      (r) => `${count(r.entries)} sign-ups, ${count(r.orders)} orders, ${count(r.customers)} accounts in ${formatMs(r.seedMs)}`,
    ],
    ['database emulator RSS after seeding', (r) => formatBytes(r.databaseRssBytes)],
    [
      'a new sign-up reaches `staff_counters`',
      (r) =>
        typeof r.counter === 'string'
          ? r.counter
          : `${formatMs(r.counter.medianMs)} (median of ${r.counter.samples}, ${formatMs(r.counter.maxMs)} at most)`,
    ],
  ];
  for (const name of pageNames) {
    const cells = (r: ScaleResult) => pageCells(r.pages?.find((page) => page.name === name));
    rows.push([`${name}: first rows shown`, (r) => cells(r)[0]]);
    rows.push([`${name}: first rows, first visit after the seed`, (r) => firstVisitCell(r.pages?.find((page) => page.name === name))]);
    rows.push([`${name}: database bytes received`, (r) => cells(r)[1]]);
    rows.push([`${name}: browser JS heap`, (r) => cells(r)[2]]);
  }
  rows.push([
    'CSV export throughput',
    (r) =>
      typeof r.exportThroughput === 'string'
        ? r.exportThroughput
        : `${count(Math.round(r.exportThroughput.rowsPerSecond))} rows/s (${formatBytes(r.exportThroughput.bytesPerSecond)}/s) over ${count(r.exportThroughput.rows)} rows`,
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(['', ...results.map((r) => `${count(r.entries)} entries`)]),
    line(['---', ...results.map(() => '---')]),
    ...rows.map(([label, cell]) => line([label, ...results.map(cell)])),
  ].join('\n');
}
