/**
 * Every "why" a comment points to lives in this repository: code cites the product requirements as
 * docs/product.md#<anchor>, decisions as docs/decisions/NNNN-title.md, and the database emulator's
 * wire protocol as emulators/rtdb/docs/protocol.md#<anchor>. This test fails when a cited file or
 * #anchor does not exist, when a document outside the repository is cited (the old "spec section N" /
 * "architecture decision N" / "rtdb-protocol.md" with a section sign), when a comment cites an issue
 * by its number (the tracker is not part of the repository, and a reader cannot follow it) or a
 * numbered section that is not a heading of the document it names, and when a decision record is
 * missing from the index or a link between the documents is broken.
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

/** An issue cited by its number: "issue 15", "Issues 26, 27 and 28", "issue #12", "PR #3", or a
 *  bare "#7" (one or two digits, so a CSS colour such as #555 is not taken for one). */
const ISSUE_CITATION = /\b(?:issues?|pull requests?|PRs?)\s*#?\d+(?:\s*(?:,|and|&|\/)\s*#?\d+)*|(?<![\w&#/'"`])#\d{1,2}(?![\w-])/gi;

function issueCitations(text: string): string[] {
  return [...text.matchAll(ISSUE_CITATION)].map((match) => match[0]);
}

/** "§N": allowed only right after the Markdown document it points into (`<path>.md §2.1`, or a list
 *  such as `<path>.md §5.2, §5.3`), and only when that document has a heading numbered N. */
const SECTION_SIGN = /§\s*(\d+(?:\.\d+)*)/g;
const SECTION_OWNER = /([\w./-]+\.md)(?:#[\w-]+)?\s*(?:§\s*\d+(?:\.\d+)*\s*(?:,|-|–|and|or)\s*)*$/;

function sectionCitations(text: string, readDoc: (path: string) => string | null): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SECTION_SIGN)) {
    const [cited, number] = match;
    const owner = SECTION_OWNER.exec(text.slice(Math.max(0, match.index - 200), match.index));
    if (!owner) {
      found.push(`"${cited}" names no document: cite a file and heading (docs/…md#anchor) instead`);
      continue;
    }
    const doc = readDoc(owner[1]);
    const numbered = new RegExp(`^#{1,6}\\s+§?\\s*${number.replace(/\./g, '\\.')}(?![\\d.]*\\d)[.)]?\\s`, 'm');
    if (doc === null) found.push(`"${owner[1]} ${cited}": ${owner[1]} does not exist`);
    else if (!numbered.test(doc)) found.push(`"${owner[1]} ${cited}": ${owner[1]} has no heading numbered ${number}`);
  }
  return found;
}

const readRepoDoc = (path: string) => (existsSync(join(ROOT, path)) ? read(path) : null);

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

  it('cite no issue by its number', () => {
    const cited = sources.flatMap((path) => issueCitations(folded(read(path))).map((match) => `${path}: "${match}"`));
    expect(cited).toEqual([]);
  });

  it('cite a "§N" only as a numbered heading of the document they name', () => {
    const broken = sources.flatMap((path) => sectionCitations(folded(read(path)), readRepoDoc).map((problem) => `${path}: ${problem}`));
    expect(broken).toEqual([]);
  });

  it('leave only the known pending record uncited', () => {
    const pending = sources.filter((path) => /docs\/decisions\.md/.test(read(path)));
    // docs/decisions.md is gone; only citations of records still being written may name it, and
    // only with the exact title in PENDING_RECORDS (checked above).
    expect(existsSync(join(ROOT, 'docs/decisions.md'))).toBe(false);
    for (const path of pending) expect(docCitations(path)).toEqual([]);
  });
});

describe('the citation checks catch what they must (probes)', () => {
  it('catch an issue cited by its number, in any of its spellings', () => {
    expect(issueCitations('// The webhook refuses it (issue 15: signed is not well-formed).')).toEqual(['issue 15']);
    expect(issueCitations('/* The budget (issues 10 and 18). */')).toEqual(['issues 10 and 18']);
    expect(issueCitations('// Issue #12, finding 3: the image came from any origin.')).toEqual(['Issue #12']);
    expect(issueCitations('// Fixed in PR #7; see #4.')).toEqual(['PR #7', '#4']);
  });

  it('leave colours, counts and ordinary words alone', () => {
    expect(issueCitations('color: #555; border: 1px solid #8886; the issue is the order; 15 issues remain')).toEqual([]);
  });

  it('catch a bare "§N" and one that is not a heading of the document it names', () => {
    const docs: Record<string, string> = { 'docs/wire.md': '# Wire\n\n## 1.2 Frames\n\n## 4. Writes\n\n### 4.4 Transactions\n' };
    const readDoc = (path: string) => docs[path] ?? null;
    expect(sectionCitations('// Frames over 16384 characters (protocol reference §1.2).', readDoc)).toEqual([
      '"§1.2" names no document: cite a file and heading (docs/…md#anchor) instead',
    ]);
    expect(sectionCitations('// The hash (docs/wire.md §4.5).', readDoc)).toEqual([
      '"docs/wire.md §4.5": docs/wire.md has no heading numbered 4.5',
    ]);
    expect(sectionCitations('// The hash (docs/wire.md §4.45).', readDoc)).toEqual([
      '"docs/wire.md §4.45": docs/wire.md has no heading numbered 4.45',
    ]);
    expect(sectionCitations('// Frames (docs/gone.md §1.2).', readDoc)).toEqual(['"docs/gone.md §1.2": docs/gone.md does not exist']);
    expect(sectionCitations('// Frames, writes and the hash (docs/wire.md §1.2, §4, §4.4).', readDoc)).toEqual([]);
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
