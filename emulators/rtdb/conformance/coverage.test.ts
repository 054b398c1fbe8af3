// Rules coverage reports (GET /.inspect/coverage.json and /.inspect/coverage): after a known
// sequence of reads and writes, every rule's and every subexpression's counts are checked against
// counts worked out by hand below. The JSON layout is this emulator's own (README "Rules
// coverage"); the official emulator serves a report of its own at the same address, so this file
// is skipped when the suite runs against another emulator.
import { afterAll, describe, expect, test } from 'vitest';
import { onValue, orderByChild, limitToFirst, query, ref, type Query } from 'firebase/database';
import { EMULATOR_HOST, uniqueNs } from './target.testing';
import { waitFor } from './waiting.testing';
import { closeAll, newClient } from './sdk-clients.testing';
import { mockIdToken, putRules, rest, restRequest } from './rest-client.testing';

const RULES = `{
  // Posts: anyone signed in reads; the owner writes.
  "rules": {
    "posts": {
      ".read": "auth != null",
      "$id": {
        ".write": "auth != null && (!data.exists() || data.child('owner').val() === auth.uid)",
        ".validate": "newData.hasChildren(['owner', 'title'])",
        "title": { ".validate": "newData.isString() && newData.val().length <= 20" }
      }
    },
    "public": { ".read": true, ".indexOn": "score" }
  }
}`;

interface NodeReport {
  id: number;
  parent: number | null;
  label: string;
  text: string;
  span: { start: { line: number; column: number; offset: number }; end: { line: number; column: number; offset: number } };
  evaluations: number;
  values: Record<string, number>;
  errors: number;
}
interface Location {
  path: string;
  kind: string;
  span: { start: { line: number; column: number; offset: number }; end: { line: number; column: number; offset: number } };
  evaluations: number;
  results: { true: number; false: number; error: number };
  nodes: NodeReport[];
  constant: boolean | null;
  fields?: string[];
  queries?: Record<string, number>;
  missing?: Record<string, number>;
}
interface Report {
  format: string;
  namespaces: string[];
  includesReplaced: boolean;
  rulesHash: string;
  source: string;
  summary: Record<string, number>;
  locations: Location[];
  unindexedQueries: Array<{ path: string; index: string; count: number }>;
}

const external = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);

async function coverage(params: Record<string, string>): Promise<Report> {
  const url = new URL(`http://${EMULATOR_HOST}/.inspect/coverage.json`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await restRequest(url.toString(), 'GET');
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json() as Report;
}

function at(report: Report, path: string, kind: string): Location {
  const l = report.locations.find((x) => x.path === path && x.kind === kind);
  if (!l) throw new Error(`no ${kind} at ${path} in ${JSON.stringify(report.locations.map((x) => `${x.path} ${x.kind}`))}`);
  return l;
}

/** [text, evaluations, values, errors] of every node, in pre-order. */
const nodes = (l: Location) => l.nodes.map((n) => [n.text, n.evaluations, n.values, n.errors]);

/** 1-based line and column of the first occurrence of `needle` in RULES. */
function lineCol(needle: string): { line: number; column: number } {
  const offset = RULES.indexOf(needle);
  const before = RULES.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function listenOnce(q: Query): Promise<void> {
  return new Promise((resolve, reject) => {
    const off = onValue(
      q,
      () => {
        off();
        resolve();
      },
      reject,
    );
  });
}

afterAll(closeAll);

describe.skipIf(external)('rules coverage', () => {
  const ns = uniqueNs('coverage');
  const alice = mockIdToken('alice');
  const bob = mockIdToken('bob');

  test('counts every rule and subexpression of a known sequence of REST reads and writes', async () => {
    await putRules(ns, RULES);
    // 1. alice reads /posts: allowed.  2. signed out: refused.
    expect((await rest('GET', ns, 'posts', { query: { auth: alice } })).status).toBe(200);
    expect((await rest('GET', ns, 'posts')).status).toBe(401);
    // 3. alice creates p1: .write true, both .validate true.
    expect((await rest('PUT', ns, 'posts/p1', { query: { auth: alice }, body: { owner: 'alice', title: 'Hello' } })).status).toBe(200);
    // 4. bob overwrites p1's title: .write false (decided before the body is read).
    expect((await rest('PUT', ns, 'posts/p1/title', { query: { auth: bob }, body: 'Hijack' })).status).toBe(401);
    // 5. bob creates p2 without a title: .write true, $id .validate false.
    expect((await rest('PUT', ns, 'posts/p2', { query: { auth: bob }, body: { owner: 'bob' } })).status).toBe(401);
    // 6. alice creates p3 with a 25-character title: .write true, $id .validate true, title .validate false.
    expect((await rest('PUT', ns, 'posts/p3', { query: { auth: alice }, body: { owner: 'alice', title: 'x'.repeat(25) } })).status).toBe(
      401,
    );

    const r = await coverage({ ns });
    expect(r.format).toBe('rtdb-emulator-rules-coverage/1');
    expect(r.namespaces).toEqual([ns]);
    expect(r.source).toBe(RULES);
    expect(r.locations.map((l) => `${l.path} ${l.kind}`)).toEqual([
      '/posts .read',
      '/posts/$id .write',
      '/posts/$id .validate',
      '/posts/$id/title .validate',
      '/public .read',
      '/public .indexOn',
    ]);

    const read = at(r, '/posts', '.read');
    expect([read.evaluations, read.results]).toEqual([2, { true: 1, false: 1, error: 0 }]);
    expect(nodes(read)).toEqual([
      ['auth != null', 2, { true: 1, false: 1 }, 0],
      ['auth', 2, { 'an object': 1, null: 1 }, 0],
      ['null', 2, { null: 2 }, 0],
    ]);

    // Writes 3, 5 and 6 are new posts (true); write 4 is bob's on alice's post (false).
    const write = at(r, '/posts/$id', '.write');
    expect([write.evaluations, write.results]).toEqual([4, { true: 3, false: 1, error: 0 }]);
    expect(nodes(write)).toEqual([
      ["auth != null && (!data.exists() || data.child('owner').val() === auth.uid)", 4, { true: 3, false: 1 }, 0],
      ['auth != null', 4, { true: 4 }, 0],
      ['auth', 4, { 'an object': 4 }, 0],
      ['null', 4, { null: 4 }, 0],
      ["(!data.exists() || data.child('owner').val() === auth.uid)", 4, { true: 3, false: 1 }, 0],
      ['!data.exists()', 4, { true: 3, false: 1 }, 0],
      ['data.exists()', 4, { true: 1, false: 3 }, 0],
      ['data', 4, { 'a RuleDataSnapshot': 4 }, 0],
      ["data.child('owner').val() === auth.uid", 1, { false: 1 }, 0],
      ["data.child('owner').val()", 1, { '"alice"': 1 }, 0],
      ["data.child('owner')", 1, { 'a RuleDataSnapshot': 1 }, 0],
      ['data', 1, { 'a RuleDataSnapshot': 1 }, 0],
      ["'owner'", 1, { '"owner"': 1 }, 0],
      ['auth.uid', 1, { '"bob"': 1 }, 0],
      ['auth', 1, { 'an object': 1 }, 0],
    ]);
    // Parents and labels of the tree: && → (auth != null, ( … || … )).
    expect(write.nodes.map((n) => n.parent)).toEqual([null, 0, 1, 1, 0, 4, 5, 6, 4, 8, 9, 10, 10, 8, 13]);
    expect(write.nodes.map((n) => n.label).slice(0, 7)).toEqual(['&&', '!=', 'auth', 'literal', '||', '!', 'call .exists()']);
    // Source positions (1-based line and column in the rules file, as uploaded, comments included).
    const expr = 'auth != null && (!data.exists()';
    expect(write.nodes[0].span.start).toMatchObject(lineCol(expr));
    expect(write.nodes[4].span.start).toMatchObject(lineCol('(!data.exists()'));
    expect(write.nodes[13].span.start).toMatchObject(lineCol('auth.uid)"'));
    expect(RULES.slice(write.nodes[8].span.start.offset, write.nodes[8].span.end.offset)).toBe("data.child('owner').val() === auth.uid");
    expect(RULES.slice(write.span.start.offset, write.span.end.offset)).toBe(`"${write.nodes[0].text}"`);

    const validate = at(r, '/posts/$id', '.validate');
    expect([validate.evaluations, validate.results]).toEqual([3, { true: 2, false: 1, error: 0 }]);
    expect(nodes(validate)).toEqual([
      ["newData.hasChildren(['owner', 'title'])", 3, { true: 2, false: 1 }, 0],
      ['newData', 3, { 'a RuleDataSnapshot': 3 }, 0],
      ["['owner', 'title']", 3, { 'an array': 3 }, 0],
      ["'owner'", 3, { '"owner"': 3 }, 0],
      ["'title'", 3, { '"title"': 3 }, 0],
    ]);

    const title = at(r, '/posts/$id/title', '.validate');
    expect([title.evaluations, title.results]).toEqual([2, { true: 1, false: 1, error: 0 }]);
    expect(nodes(title)).toEqual([
      ['newData.isString() && newData.val().length <= 20', 2, { true: 1, false: 1 }, 0],
      ['newData.isString()', 2, { true: 2 }, 0],
      ['newData', 2, { 'a RuleDataSnapshot': 2 }, 0],
      ['newData.val().length <= 20', 2, { true: 1, false: 1 }, 0],
      ['newData.val().length', 2, { 5: 1, 25: 1 }, 0],
      ['newData.val()', 2, { '"Hello"': 1, '"xxxxxxxxxxxxxxxxxxxxxxxxx"': 1 }, 0],
      ['newData', 2, { 'a RuleDataSnapshot': 2 }, 0],
      ['20', 2, { 20: 2 }, 0],
    ]);

    const pub = at(r, '/public', '.read');
    expect([pub.constant, pub.evaluations, pub.nodes]).toEqual([true, 0, []]);
    expect(r.summary).toMatchObject({ rules: 5, rulesEvaluated: 4, expressions: 4, evaluations: 11, errors: 0 });
    expect(r.summary.nodes).toBe(3 + 15 + 5 + 8);
    expect(r.summary.nodesEvaluated).toBe(3 + 15 + 5 + 8);
  });

  test('counts queries against .indexOn, and queries where the rules have none', async () => {
    const anonymous = newClient(ns);
    const signedIn = newClient(ns, { mockUserToken: { sub: 'alice', user_id: 'alice' } });
    await listenOnce(query(ref(anonymous.db, 'public'), orderByChild('score'), limitToFirst(1)));
    // (An ordering alone loads all the data: the SDK then listens without a query. A limit makes it one.)
    await listenOnce(query(ref(anonymous.db, 'public'), orderByChild('rank'), limitToFirst(5)));
    await listenOnce(query(ref(signedIn.db, 'posts'), orderByChild('title'), limitToFirst(5)));
    const r = await waitFor(async () => {
      const rep = await coverage({ ns });
      return rep.unindexedQueries.length > 0 ? rep : null;
    }, 'the unindexed query in the report');
    const index = at(r, '/public', '.indexOn');
    expect([index.fields, index.queries, index.missing]).toEqual([['score'], { score: 1 }, { rank: 1 }]);
    expect(r.unindexedQueries).toEqual([{ path: '/posts', index: 'title', count: 1 }]);
    // Each listen was a read: /public .read (true) twice, /posts .read once more (alice: true).
    expect(at(r, '/public', '.read').results).toEqual({ true: 2, false: 0, error: 0 });
    expect(at(r, '/posts', '.read').results).toEqual({ true: 2, false: 1, error: 0 });
    await anonymous.close();
    await signedIn.close();
  });

  test('the HTML report annotates the rules text', async () => {
    const res = await restRequest(`http://${EMULATOR_HOST}/.inspect/coverage?ns=${ns}`, 'GET');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = res.text;
    expect(html).toContain(`<title>Rules coverage: ${ns}</title>`);
    // Every subexpression is a span with its counts in the title (shown on hover).
    expect(html).toMatch(
      /<span class="node d3 s-both" title="call \.exists\(\): evaluated 4 times\nvalues: true ×1, false ×3"><span [^>]*>data<\/span>\.exists\(\)<\/span>/,
    );
    expect(html).toContain('5 of 5</strong> rules evaluated');
    expect(html).toContain(`href="/.inspect/coverage.json?ns=${ns}"`);
  });

  test('replacing the rules starts from zero; the combined report keeps the earlier counts', async () => {
    const before = await coverage({ ns });
    await putRules(ns, RULES); // the same text again: still a replacement
    const after = await coverage({ ns });
    expect(after.summary.evaluations).toBe(0);
    expect(after.summary.nodesEvaluated).toBe(0);

    // A second namespace with the same rules text: the combined report sums both, earlier
    // periods included.
    const other = uniqueNs('coverage2');
    await putRules(other, RULES);
    expect((await rest('GET', other, 'posts', { query: { auth: alice } })).status).toBe(200);
    const combined = await coverage({ rules: before.rulesHash });
    expect(combined.namespaces).toEqual([ns, other].sort());
    expect(combined.includesReplaced).toBe(true);
    expect(at(combined, '/posts', '.read').results).toEqual({ true: 3, false: 1, error: 0 });
    expect(at(combined, '/posts/$id', '.write').evaluations).toBe(4);
    expect(combined.summary.evaluations).toBe(before.summary.evaluations + 1);

    const missing = await restRequest(`http://${EMULATOR_HOST}/.inspect/coverage.json?rules=${'0'.repeat(64)}`, 'GET');
    expect(missing.status).toBe(404);
  });
});
