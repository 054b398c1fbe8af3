/**
 * Every "why" a comment points to lives in this repository (issue 19): code cites the product
 * requirements as docs/product.md#<anchor>, decisions as docs/decisions/NNNN-title.md, and the
 * database emulator's wire protocol as emulators/rtdb/docs/protocol.md#<anchor>. This test fails when
 * a cited file or #anchor does not exist, when a document outside the repository is cited (the old
 * "spec section N" / "architecture decision N" / "rtdb-protocol.md §N"), and when a decision record
 * is missing from the index or a link between the documents is broken.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED_DIRS = ['src', 'functions/src', 'emulators', 'scripts', 'tests'];
const SCANNED_FILES = ['README.md', 'index.html', 'database.rules.json', 'firebase.json', 'vite.config.ts', 'vitest.config.ts'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|scss|css|json|html|sh|md)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'lib', 'test-results', 'playwright-report', 'coverage']);
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

/** Citations of records not written yet, by the exact title they cite. Remove an entry as soon as its
 *  record exists in docs/decisions/ and the citations name that file. */
const PENDING_RECORDS: string[] = [];

function walk(dir: string, found: string[] = []): string[] {
  if (!existsSync(join(ROOT, dir))) return found;
  for (const name of readdirSync(join(ROOT, dir))) {
    if (SKIPPED.has(name)) continue;
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) walk(path, found);
    else if (EXTENSIONS.test(name) && path !== THIS_FILE) found.push(path);
  }
  return found;
}

const sources = [...SCANNED_DIRS.flatMap((dir) => walk(dir)), ...SCANNED_FILES.filter((f) => existsSync(join(ROOT, f)))];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** A file's text with comment line breaks folded into spaces, so a citation split over two lines
 *  reads as one. */
const folded = (text: string) => text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/|#)?\s*/g, ' ');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; a repeated
 *  heading gets -1, -2, … */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Checks that `path` (relative to the repository) exists and, when given, has the heading `anchor`. */
function problemWith(path: string, anchor: string | undefined): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return `${path} does not exist`;
  if (anchor === undefined) return null;
  if (!path.endsWith('.md')) return `${path} is not a Markdown file, so #${anchor} cannot be checked`;
  return headingAnchors(readFileSync(full, 'utf8')).has(anchor) ? null : `${path} has no heading #${anchor}`;
}

/** `docs/…` paths, and an emulator's own `emulators/<name>/docs/…`, not parts of URLs
 *  ("stripe.com/docs/…"), with an optional #anchor. */
const DOC_CITATION = /(?<![\w./-])(?:emulators\/[\w-]+\/)?docs\/[\w./-]*[\w-](?:#([\w-]+))?/g;

/** Ways the code used to cite documents that live outside this repository. */
const OUTSIDE_CITATIONS: [name: string, pattern: RegExp][] = [
  ['a spec section', /\bspec(?:ification)?(?:['’]s)?\b[^.;]{0,40}?(?:\bsections?|§)\s*\d/i],
  ['an architecture decision', /\barchitecture,?\s+(?:decisions?\s*\d|\(?["“])/i],
  ['a numbered decision', /\bdecisions?\s+\d+\b/i],
  ['the shared spec or architecture page', /\bshared\/(?:spec|architecture)\.md\b/],
  // The emulator's protocol notes now live in emulators/rtdb/docs/protocol.md.
  ['the shared RTDB protocol notes', /\brtdb-protocol\.md\b/],
];

function docCitations(path: string): { cited: string; problem: string }[] {
  const text = folded(read(path));
  const found: { cited: string; problem: string }[] = [];
  for (const match of text.matchAll(DOC_CITATION)) {
    const [cited, anchor] = match;
    const file = anchor === undefined ? cited : cited.slice(0, -anchor.length - 1);
    if (file === 'docs/decisions.md') {
      const after = text.slice(match.index + cited.length, match.index + cited.length + 120);
      if (PENDING_RECORDS.some((title) => after.startsWith(`, "${title}"`))) continue;
    }
    const problem = problemWith(file.replace(/\/$/, ''), anchor);
    if (problem) found.push({ cited, problem });
  }
  return found;
}

describe('citations in the code', () => {
  it('scans the code', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('name files and #anchors that exist in this repository', () => {
    const broken = sources.flatMap((path) => docCitations(path).map(({ cited, problem }) => `${path}: ${cited}: ${problem}`));
    expect(broken).toEqual([]);
  });

  it('cite no document outside this repository ("spec section N", "architecture decision N", "rtdb-protocol.md §N")', () => {
    const outside = sources.flatMap((path) => {
      const text = folded(read(path));
      return OUTSIDE_CITATIONS.flatMap(([name, pattern]) => {
        const match = pattern.exec(text);
        return match ? [`${path} cites ${name}: "${match[0]}"`] : [];
      });
    });
    expect(outside).toEqual([]);
  });

  it('leave only the known pending record uncited', () => {
    const pending = sources.filter((path) => /docs\/decisions\.md/.test(read(path)));
    // docs/decisions.md is gone; only citations of records still being written may name it, and
    // only with the exact title in PENDING_RECORDS (checked above).
    expect(existsSync(join(ROOT, 'docs/decisions.md'))).toBe(false);
    for (const path of pending) expect(docCitations(path)).toEqual([]);
  });
});

describe('the documents', () => {
  const RECORDS = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name));
  const index = read('docs/decisions/README.md');

  it('number each decision record once and list every one in the index', () => {
    const numbers = RECORDS.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(RECORDS.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it('give every record a date, a status, a context, a decision and consequences', () => {
    const incomplete = RECORDS.filter((name) => {
      const text = read(join('docs/decisions', name));
      return !(
        /^# \d{4}\. \S/.test(text) &&
        /^- Date: \d{4}-\d{2}-\d{2}$/m.test(text) &&
        /^- Status: (Accepted|Superseded (in part )?by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))$/m.test(text) &&
        ['## Context', '## Decision', '## Consequences'].every((heading) => text.includes(`\n${heading}\n`))
      );
    });
    expect(incomplete).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const docs = [
      'docs/product.md',
      'docs/decisions/README.md',
      ...RECORDS.map((name) => `docs/decisions/${name}`),
      'emulators/rtdb/docs/protocol.md',
      'emulators/rtdb/README.md',
    ];
    const broken = docs.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
        if (/^[a-z]+:/.test(target)) return [];
        const [file, anchor] = target.split('#');
        const path = file ? relative(ROOT, resolve(ROOT, dirname(doc), file)) : doc;
        const problem = problemWith(path, anchor);
        return problem ? [`${doc}: (${target}): ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
