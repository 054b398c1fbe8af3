import { expect, test } from 'vitest';
import { formatBytes, formatMs, scaleTable, type ScaleResult } from './scale-table';

const result = (entries: number, overrides: Partial<ScaleResult> = {}): ScaleResult => ({
  entries,
  orders: entries / 5,
  customers: entries / 10,
  seedMs: 2_345,
  databaseRssBytes: 1_234_000_000,
  counter: { medianMs: 36.4, maxMs: 51, samples: 10 },
  pages: [
    {
      name: 'Programmes',
      outcome: 'shown',
      firstRowsMs: 77_812,
      databaseBytes: 31_000_000,
      heapBytes: 2_400_000_000,
      firstVisit: { outcome: 'shown', firstRowsMs: 81_250 },
    },
    { name: 'Inbox', outcome: 'timed out', firstRowsMs: null, databaseBytes: 5_400, heapBytes: 'timed out' },
    { name: 'Overview', outcome: 'crashed', firstRowsMs: null, databaseBytes: 423_000, heapBytes: null },
  ],
  exportThroughput: 'n/a (staffExport not built)',
  ...overrides,
});

test('sizes and times read as the issue writes them', () => {
  expect([formatMs(57.4), formatMs(1_126), formatMs(77_812)]).toEqual(['57 ms', '1.1 s', '77.8 s']);
  expect([formatBytes(832), formatBytes(305_000), formatBytes(5_400_000), formatBytes(31_000_000), formatBytes(2_400_000_000)]).toEqual([
    '832 B',
    '305 KB',
    '5.4 MB',
    '31 MB',
    '2.4 GB',
  ]);
});

test('one column per size; a page that timed out or crashed says so in its cell', () => {
  const table = scaleTable([
    result(1000),
    result(100_000, {
      counter: 'failed: no trigger',
      exportThroughput: { rows: 50_000, rowsPerSecond: 12_345.6, bytesPerSecond: 2_500_000 },
    }),
  ]);
  const lines = table.split('\n');
  expect(lines[0]).toBe('|  | 1,000 entries | 100,000 entries |');
  expect(lines[1]).toBe('| --- | --- | --- |');
  const expected = [
    '| a new sign-up reaches `staff_counters` | 36 ms (median of 10, 51 ms at most) | failed: no trigger |',
    '| Programmes: first rows shown | 77.8 s | 77.8 s |',
    '| Programmes: first rows, first visit after the seed | 81.3 s | 81.3 s |',
    '| Inbox: first rows, first visit after the seed | not measured | not measured |',
    '| Programmes: browser JS heap | 2.4 GB | 2.4 GB |',
    '| Inbox: first rows shown | timed out | timed out |',
    '| Inbox: database bytes received | 5 KB | 5 KB |',
    '| Inbox: browser JS heap | timed out | timed out |',
    '| Overview: first rows shown | crashed | crashed |',
    '| Overview: browser JS heap | — | — |',
    '| CSV export throughput | n/a (staffExport not built) | 12,346 rows/s (2.5 MB/s) over 50,000 rows |',
    '| seeded (triggers off) | 1,000 sign-ups, 200 orders, 100 accounts in 2.3 s | 100,000 sign-ups, 20,000 orders, 10,000 accounts in 2.3 s |',
  ];
  expect(expected.filter((line) => !lines.includes(line))).toEqual([]);
});

test('a run with --seed-only has no page rows', () => {
  const table = scaleTable([result(1_000_000, { pages: null, exportThroughput: 'not measured (--seed-only)' })]);
  expect(table).not.toContain('first rows shown');
  expect(table).toContain('| database emulator RSS after seeding | 1.2 GB |');
});
