/**
 * Every "why" a comment points to lives in this repository: code cites the product requirements as
 * docs/product.md#<anchor>, decisions as docs/decisions/NNNN-title.md, and the database emulator's
 * wire protocol as emulators/rtdb/docs/protocol.md#<anchor>. This test fails when a cited file or
 * #anchor does not exist, when a document outside the repository is cited (the old "spec section N" /
 * "architecture decision N" / "rtdb-protocol.md" with a section sign), when a comment cites an issue
 * by its number (the tracker is not part of the repository, and a reader cannot follow it) or a
 * numbered section that is not a heading of the document it names, and when a decision record is
 * missing from the index or a link between the documents is broken. The documents under docs/ are read
 * as the code is, and a record's backticked paths (`src/app/app.tsx`, `plans.ts`) must name files that
 * exist: a record that still points where the code used to be misleads whoever follows it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED_DIRS = ['src', 'functions/src', 'emulators', 'scripts', 'tests', 'docs'];
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
  return docCitationsIn(folded(read(path)));
}

function docCitationsIn(text: string): { cited: string; problem: string }[] {
  const found: { cited: string; problem: string }[] = [];
  for (const match of text.matchAll(DOC_CITATION)) {
    const [cited, anchor] = match;
    const file = anchor === undefined ? cited : cited.slice(0, -anchor.length - 1);
    // The index's instructions show the shape of a citation, not one.
    if (file === 'docs/decisions/NNNN-title.md') continue;
    if (file === 'docs/decisions.md') {
      const after = text.slice(match.index + cited.length, match.index + cited.length + 120);
      if (PENDING_RECORDS.some((title) => after.startsWith(`, "${title}"`))) continue;
    }
    const problem = problemWith(file.replace(/\/$/, ''), anchor);
    if (problem) found.push({ cited, problem });
  }
  return found;
}

/** What the path checks need of the repository, so the probes can hand them a made-up one. */
interface Repository {
  /** Why `path` (and its heading `anchor`) cannot be followed, or null when it can. */
  problem(path: string, anchor: string | undefined): string | null;
  /** Whether some file or folder of the repository has this name. */
  named(name: string): boolean;
  /** The repository's top-level files and folders: a backticked `users/{uid}` is a database path,
   *  `src/app/app.tsx` a file. */
  topLevel: ReadonlySet<string>;
  /** Files the build or an install writes and git ignores (`functions/package-lock.json`). */
  ignored(path: string): boolean;
}

/** A backticked token, and the bare file names a record may cite without their folder. */
const BACKTICKED = /`([^`\s]+)`/g;
const FILE_NAME = /^[\w.-]+\.(?:tsx?|mts|m?js|cjs|json|md|sh|html|s?css)$/;
/** Shapes of a path rather than one: `src/*.test.ts`, `functions/.env.<project>`, `NNNN-title.md`. */
const PLACEHOLDER = /[*<>{}…]|NNNN/;

/** The backticked paths of a Markdown document that name nothing in the repository. A record's
 *  Context tells how things were when it was decided, and "formerly `x`" names where something was,
 *  so those may name what is gone; everywhere else a path must still lead somewhere. */
function pathProblems(markdown: string, repo: Repository): string[] {
  const problems: string[] = [];
  let section = '';
  let previous = '';
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(.*?)\s*$/.exec(line);
    if (heading) section = heading[1];
    for (const match of section === 'Context' ? [] : line.matchAll(BACKTICKED)) {
      const [cited, token] = match;
      if (PLACEHOLDER.test(token) || /\bformerly\s*$/.test(`${previous} ${line.slice(0, match.index)}`)) continue;
      const [file, anchor] = token.split('#');
      const path = file.replace(/\/$/, '');
      if (path.includes('/')) {
        if (!repo.topLevel.has(path.split('/')[0]) || repo.ignored(path)) continue;
        const problem = repo.problem(path, anchor);
        if (problem) problems.push(`${cited}: ${problem}`);
      } else if (FILE_NAME.test(path) && !repo.named(path) && !repo.ignored(path)) {
        problems.push(`${cited}: no file of the repository has this name`);
      }
    }
    previous = line;
  }
  return problems;
}

/** The Markdown links of a document (`[0004](0004-one-price-catalogue.md#decision)`) that lead to no
 *  file or heading; `problem` resolves a path relative to the repository. */
function linkProblems(doc: string, markdown: string, problem: (path: string, anchor: string | undefined) => string | null): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
    if (/^[a-z]+:/.test(target)) return [];
    const [file, anchor] = target.split('#');
    const path = file ? relative(ROOT, resolve(ROOT, dirname(doc), file)) : doc;
    const found = problem(path, anchor);
    return found ? [`${doc}: (${target}): ${found}`] : [];
  });
}

/** Every name in the repository's tree, and its top level, for the path checks. */
function repositoryNames(): { names: Set<string>; topLevel: Set<string> } {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || entry.name === '.git') continue;
      names.add(entry.name);
      if (entry.isDirectory()) visit(join(dir, entry.name));
    }
  };
  visit('.');
  return { names, topLevel: new Set(readdirSync(ROOT).filter((name) => !SKIPPED.has(name) && name !== '.git')) };
}

/** The paths git ignores among `paths` (one call for all of them). */
function gitIgnored(paths: string[]): Set<string> {
  const run = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT, input: paths.join('\n'), encoding: 'utf8' });
  // 0: some are ignored, 1: none is; anything else is git failing, which must not pass for "none".
  if (run.status !== 0 && run.status !== 1) throw new Error(`git check-ignore failed: ${run.stderr}`);
  return new Set(run.stdout.split('\n').filter(Boolean));
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

  // What asked for a decision, in words or a commit (docs/decisions/0150-records-checked-like-code.md).
  // 0123 and 0124 were being edited elsewhere when this rule came; remove each from the list once it
  // has its Origin line (the test fails while a listed record has one).
  it('say in every record what asked for it (an Origin line)', () => {
    const missing = RECORDS.filter((name) => !/^- Origin: \S/m.test(read(join('docs/decisions', name))));
    expect(missing).toEqual([]);
  });

  it('keep the index in step with each record: its date and status', () => {
    const plainLinks = (status: string) => status.replace(/\[(\d{4})\]\([^)]*\)/g, '$1');
    const stale = RECORDS.flatMap((name) => {
      const text = read(join('docs/decisions', name));
      const row = index.split('\n').find((line) => line.includes(`](${name})`));
      const [date, status] =
        row
          ?.split('|')
          .slice(3, 5)
          .map((cell) => plainLinks(cell.trim())) ?? [];
      const recorded = [/^- Date: (.*)$/m.exec(text)?.[1], plainLinks(/^- Status: (.*)$/m.exec(text)?.[1] ?? '')];
      return date === recorded[0] && status === recorded[1]
        ? []
        : [`${name}: index says ${date}, ${status}; the record ${recorded.join(', ')}`];
    });
    expect(stale).toEqual([]);
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

  const documents = walk('docs').filter((path) => path.endsWith('.md'));

  it('reads every document under docs/', () => {
    expect(documents).toEqual(expect.arrayContaining(['docs/product.md', 'docs/decisions/README.md']));
    expect(documents.length).toBeGreaterThan(RECORDS.length);
  });

  // One line of consequences restated the decision; a record tells what it costs, what it makes easy
  // or hard and what a later change must respect, which takes more than one line.
  it('give every record consequences of more than one line', () => {
    const consequences = (text: string) => (text.split('\n## Consequences\n')[1] ?? '').split('\n## ')[0].replace(/\s+/g, ' ').trim();
    const thin = RECORDS.filter((name) => consequences(read(join('docs/decisions', name))).length < 200);
    expect(thin).toEqual([]);
  });

  // A record that keeps growing addenda holds several decisions, and a reader cannot tell which of
  // its claims still hold (docs/decisions/README.md says how to add one instead).
  it('keep every record within 150 lines', () => {
    const long = RECORDS.map((name) => [name, read(join('docs/decisions', name)).trimEnd().split('\n').length] as const);
    expect(long.filter(([, lines]) => lines > 150)).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const docs = [...documents, 'emulators/rtdb/docs/protocol.md', 'emulators/rtdb/README.md'];
    expect(docs.flatMap((doc) => linkProblems(doc, read(doc), problemWith))).toEqual([]);
  });

  it('name in backticks only paths that exist', () => {
    const { names, topLevel } = repositoryNames();
    const tokens = documents.flatMap((doc) => [...read(doc).matchAll(BACKTICKED)].map(([, token]) => token.split('#')[0]));
    // Only what reads as a path inside the repository: git refuses the whole question for one that
    // leaves it (`../product.md`) and reads a quoted one (`""`) as C-quoted.
    const ignored = gitIgnored(tokens.filter((token) => /^[\w@-][\w./@-]*$/.test(token) && !token.split('/').includes('..')));
    const repo: Repository = { problem: problemWith, named: (name) => names.has(name), topLevel, ignored: (path) => ignored.has(path) };
    expect(documents.flatMap((doc) => pathProblems(read(doc), repo).map((problem) => `${doc}: ${problem}`))).toEqual([]);
  });
});

describe('the document checks catch what they must (probes)', () => {
  const files: Record<string, string> = {
    'src/app/app.tsx': '',
    'src/catalog/plans.ts': '',
    'docs/decisions/0004-one-price-catalogue.md': '# 0004. Prices come from one catalogue\n\n## Decision\n',
  };
  const problem = (path: string, anchor: string | undefined) => {
    if (!(path in files)) return `${path} does not exist`;
    return anchor === undefined || headingAnchors(files[path]).has(anchor) ? null : `${path} has no heading #${anchor}`;
  };
  const repo: Repository = {
    problem,
    named: (name) => Object.keys(files).some((path) => path.split('/').includes(name)),
    topLevel: new Set(['src', 'docs', 'functions']),
    ignored: (path) => path === 'functions/package-lock.json',
  };

  it('catch a record that names a file where it no longer is', () => {
    const record = [
      '## Context',
      '',
      'The provider was in `src/features/auth/auth-provider.tsx`.',
      '',
      '## Decision',
      '',
      'One provider, in `src/features/auth/auth-provider.tsx`, beside `src/app/app.tsx`; prices in `plans.ts`,',
      'taxes in `taxes.ts`; the setup (formerly `src/test/setup.ts`) and `docs/decisions/0004-one-price-catalogue.md#context`.',
    ].join('\n');
    expect(pathProblems(record, repo)).toEqual([
      '`src/features/auth/auth-provider.tsx`: src/features/auth/auth-provider.tsx does not exist',
      '`taxes.ts`: no file of the repository has this name',
      '`docs/decisions/0004-one-price-catalogue.md#context`: docs/decisions/0004-one-price-catalogue.md has no heading #context',
    ]);
  });

  it('leave database paths, shapes of paths and generated files alone', () => {
    const record =
      '## Decision\n\n`users/{uid}`, `all_orders/x`, `src/*.test.ts`, `functions/.env.<project>`, `functions/package-lock.json`.';
    expect(pathProblems(record, repo)).toEqual([]);
  });

  it('catch a link to a record or a heading that does not exist', () => {
    const doc = 'docs/decisions/0107-test-suite-time.md';
    const text = 'See [0004](0004-one-price-catalogue.md#decision), [0999](0999-gone.md) and [0004](0004-one-price-catalogue.md#origin).';
    expect(linkProblems(doc, text, problem)).toEqual([
      `${doc}: (0999-gone.md): docs/decisions/0999-gone.md does not exist`,
      `${doc}: (0004-one-price-catalogue.md#origin): docs/decisions/0004-one-price-catalogue.md has no heading #origin`,
    ]);
  });

  it('catch a document that cites a record by a path that does not exist', () => {
    const cited = docCitationsIn('As docs/decisions/0999-gone.md says, and docs/product.md#store.');
    expect(cited).toEqual([{ cited: 'docs/decisions/0999-gone.md', problem: 'docs/decisions/0999-gone.md does not exist' }]);
  });
});
