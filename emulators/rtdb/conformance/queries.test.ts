// 2. Query ordering, ranges and limits (emulators/rtdb/docs/protocol.md#queries), checked two ways:
//   - get() from a client with no listeners: the SDK returns the server's answer as is (it does not
//     re-filter a get() result), so this checks exactly the window the server computes;
//   - onValue() (a listen, tagged when it has a range or limit): the first value event.
// Expected orders follow the SDK's documented order: keys that are 32-bit integers first
// (numerically), then other keys as strings; values null < false < true < numbers < strings < objects.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  ref,
  remove,
  set,
  setPriority,
  startAfter,
  startAt,
  update,
  type Database,
  type QueryConstraint,
} from 'firebase/database';
import { putRules } from './rest-client.testing';
import { uniqueNs } from './target.testing';
import { waitFor } from './waiting.testing';
import { closeAll, newClient } from './sdk-clients.testing';
import { EventLog, firstValue, keysOf } from './snapshots.testing';

const ns = uniqueNs('queries');
let writer: Database;
let getter: Database; // only get(); never listens
let listener: Database; // only onValue()
let observer: Database; // live-update tests

const byKeyData: Record<string, string> = {};
for (const k of ['b', 'a', '10', '9', '-3', '007', '7', 'A', '2147483648', '-2147483648', 'a1', '1a']) {
  byKeyData[k] = `v${k}`;
}
const byValueData = {
  f: false,
  t: true,
  n1: -5,
  n2: 0,
  n3: 3.5,
  n5: 3.5,
  '5': 100,
  n4: 100,
  s1: '',
  s2: 'Apple',
  s3: 'apple',
  s4: 'banana',
  o1: { x: 1 },
  o2: { a: 'z' },
};
const byChildData = {
  a: { score: 10, meta: { rank: 2 } },
  b: { score: 5, meta: { rank: 'x' } },
  c: { score: 'high' },
  d: { other: 1 },
  e: { score: true },
  f: { score: 10, meta: { rank: 1 } },
  g: { score: { nested: 1 } },
  h: 'leaf',
  i: { score: false },
  '3': { score: 5 },
};
const byPriorityData = {
  p1: { '.value': 'x', '.priority': 10 },
  p2: 'no priority',
  p3: { '.value': 'y', '.priority': 'alpha' },
  p4: { v: 1, '.priority': 5 },
  p5: { '.value': 'z', '.priority': 10 },
  p6: { v: 2 },
  p7: { '.value': 'w', '.priority': 'Beta' },
  '2': { '.value': 'q', '.priority': 5 },
};

beforeAll(async () => {
  writer = newClient(ns).db;
  getter = newClient(ns).db;
  listener = newClient(ns).db;
  observer = newClient(ns).db;
  await set(ref(writer), {
    byKey: byKeyData,
    byValue: byValueData,
    byChild: byChildData,
    byPriority: byPriorityData,
  });
});
afterAll(closeAll);

type Case = [name: string, constraints: QueryConstraint[], expected: string[]];

async function checkQuery(path: string, constraints: QueryConstraint[], expected: string[]) {
  const viaGet = keysOf(await get(query(ref(getter, path), ...constraints)));
  const viaListen = keysOf(await firstValue(query(ref(listener, path), ...constraints)));
  expect({ 'get()': viaGet, 'onValue()': viaListen }).toEqual({ 'get()': expected, 'onValue()': expected });
}

describe('orderByKey', () => {
  const all = ['-2147483648', '-3', '7', '007', '9', '10', '1a', '2147483648', 'A', 'a', 'a1', 'b'];
  const cases: Case[] = [
    ['whole list: int32 keys numerically first, then strings', [orderByKey()], all],
    ['limitToFirst(3)', [orderByKey(), limitToFirst(3)], ['-2147483648', '-3', '7']],
    ['limitToLast(3)', [orderByKey(), limitToLast(3)], ['a', 'a1', 'b']],
    ['startAt("9") is numeric for integer keys', [orderByKey(), startAt('9')], all.slice(4)],
    ['startAt("100") skips 9 and 10 (numeric, not lexical)', [orderByKey(), startAt('100')], all.slice(6)],
    ['startAfter("10")', [orderByKey(), startAfter('10')], all.slice(6)],
    ['endAt("1a")', [orderByKey(), endAt('1a')], all.slice(0, 7)],
    ['endBefore("A")', [orderByKey(), endBefore('A')], all.slice(0, 8)],
    ['endAt("-1")', [orderByKey(), endAt('-1')], ['-2147483648', '-3']],
    ['equalTo("a")', [orderByKey(), equalTo('a')], ['a']],
    ['equalTo(missing key)', [orderByKey(), equalTo('zzz')], []],
    ['startAt("2147483648") (beyond int32: a string key)', [orderByKey(), startAt('2147483648')], all.slice(7)],
    ['startAt("-3").endAt("9").limitToLast(3)', [orderByKey(), startAt('-3'), endAt('9'), limitToLast(3)], ['7', '007', '9']],
    ['startAt("A").limitToFirst(2)', [orderByKey(), startAt('A'), limitToFirst(2)], ['A', 'a']],
    ['startAfter("a").endBefore("b")', [orderByKey(), startAfter('a'), endBefore('b')], ['a1']],
  ];
  test.each(cases)('%s', (_name, constraints, expected) => checkQuery('byKey', constraints, expected));
});

describe('orderByValue', () => {
  const all = ['f', 't', 'n1', 'n2', 'n3', 'n5', '5', 'n4', 's1', 's2', 's3', 's4', 'o1', 'o2'];
  const cases: Case[] = [
    ['whole list: false < true < numbers < strings < objects, ties by key', [orderByValue()], all],
    ['limitToFirst(3)', [orderByValue(), limitToFirst(3)], ['f', 't', 'n1']],
    ['limitToLast(2) (objects last)', [orderByValue(), limitToLast(2)], ['o1', 'o2']],
    ['limitToLast(4)', [orderByValue(), limitToLast(4)], ['s3', 's4', 'o1', 'o2']],
    ['startAt(0)', [orderByValue(), startAt(0)], all.slice(3)],
    ['endAt(true)', [orderByValue(), endAt(true)], ['f', 't']],
    ['equalTo(false)', [orderByValue(), equalTo(false)], ['f']],
    ['startAt(3.5).endAt(100)', [orderByValue(), startAt(3.5), endAt(100)], ['n3', 'n5', '5', 'n4']],
    ['equalTo(3.5)', [orderByValue(), equalTo(3.5)], ['n3', 'n5']],
    ['equalTo(3.5, "n5")', [orderByValue(), equalTo(3.5, 'n5')], ['n5']],
    ['startAt(3.5, "n5").limitToFirst(2)', [orderByValue(), startAt(3.5, 'n5'), limitToFirst(2)], ['n5', '5']],
    ['startAfter(3.5)', [orderByValue(), startAfter(3.5)], all.slice(6)],
    ['startAfter(3.5, "n3")', [orderByValue(), startAfter(3.5, 'n3')], all.slice(5)],
    ['endBefore("") (all non-strings before strings)', [orderByValue(), endBefore('')], all.slice(0, 8)],
    ['endAt(100, "5")', [orderByValue(), endAt(100, '5')], all.slice(0, 7)],
    ['startAt("a").endAt("b") (code-unit string order)', [orderByValue(), startAt('a'), endAt('b')], ['s3']],
    ['startAt("Apple").limitToFirst(2)', [orderByValue(), startAt('Apple'), limitToFirst(2)], ['s2', 's3']],
    ['startAt(false).endAt(100).limitToLast(3)', [orderByValue(), startAt(false), endAt(100), limitToLast(3)], ['n5', '5', 'n4']],
  ];
  test.each(cases)('%s', (_name, constraints, expected) => checkQuery('byValue', constraints, expected));
});

describe('orderByChild', () => {
  const all = ['d', 'h', 'i', 'e', '3', 'b', 'a', 'f', 'c', 'g'];
  const cases: Case[] = [
    ['whole list: missing < false < true < numbers < strings < objects', [orderByChild('score')], all],
    ['limitToFirst(2): children without the child come first', [orderByChild('score'), limitToFirst(2)], ['d', 'h']],
    ['limitToLast(2)', [orderByChild('score'), limitToLast(2)], ['c', 'g']],
    ['limitToFirst(5)', [orderByChild('score'), limitToFirst(5)], ['d', 'h', 'i', 'e', '3']],
    ['equalTo(null): children missing the child', [orderByChild('score'), equalTo(null)], ['d', 'h']],
    ['endAt(false)', [orderByChild('score'), endAt(false)], ['d', 'h', 'i']],
    ['startAt(5).endAt(10)', [orderByChild('score'), startAt(5), endAt(10)], ['3', 'b', 'a', 'f']],
    ['equalTo(10)', [orderByChild('score'), equalTo(10)], ['a', 'f']],
    ['equalTo(10, "f")', [orderByChild('score'), equalTo(10, 'f')], ['f']],
    ['startAfter(5)', [orderByChild('score'), startAfter(5)], ['a', 'f', 'c', 'g']],
    ['startAfter(5, "3")', [orderByChild('score'), startAfter(5, '3')], ['b', 'a', 'f', 'c', 'g']],
    ['endBefore(10)', [orderByChild('score'), endBefore(10)], ['d', 'h', 'i', 'e', '3', 'b']],
    ['endBefore(10, "f")', [orderByChild('score'), endBefore(10, 'f')], ['d', 'h', 'i', 'e', '3', 'b', 'a']],
    ['startAt(true).limitToFirst(3)', [orderByChild('score'), startAt(true), limitToFirst(3)], ['e', '3', 'b']],
    ['startAt("a") (strings, then objects)', [orderByChild('score'), startAt('a')], ['c', 'g']],
    ['startAt(5).limitToLast(2)', [orderByChild('score'), startAt(5), limitToLast(2)], ['c', 'g']],
    ['nested path meta/rank, whole list', [orderByChild('meta/rank')], ['3', 'c', 'd', 'e', 'g', 'h', 'i', 'f', 'a', 'b']],
    ['nested path meta/rank startAt(1)', [orderByChild('meta/rank'), startAt(1)], ['f', 'a', 'b']],
    ['nested path meta/rank limitToLast(2)', [orderByChild('meta/rank'), limitToLast(2)], ['a', 'b']],
    ['nested path meta/rank equalTo("x")', [orderByChild('meta/rank'), equalTo('x')], ['b']],
    ['nested path meta/rank startAt(2).endAt(2)', [orderByChild('meta/rank'), startAt(2), endAt(2)], ['a']],
  ];
  test.each(cases)('%s', (_name, constraints, expected) => checkQuery('byChild', constraints, expected));
});

describe('orderByPriority (and the default order)', () => {
  const all = ['p2', 'p6', '2', 'p4', 'p1', 'p5', 'p7', 'p3'];
  const cases: Case[] = [
    ['whole list: no priority < numbers < strings, ties by key', [orderByPriority()], all],
    ['default order (no orderBy) limitToFirst(3) uses priorities', [limitToFirst(3)], ['p2', 'p6', '2']],
    ['limitToFirst(3)', [orderByPriority(), limitToFirst(3)], ['p2', 'p6', '2']],
    ['limitToLast(1)', [orderByPriority(), limitToLast(1)], ['p3']],
    ['startAt(5).endAt(10)', [orderByPriority(), startAt(5), endAt(10)], ['2', 'p4', 'p1', 'p5']],
    ['startAt(10, "p5")', [orderByPriority(), startAt(10, 'p5')], ['p5', 'p7', 'p3']],
    ['startAt("a")', [orderByPriority(), startAt('a')], ['p3']],
    ['equalTo(5)', [orderByPriority(), equalTo(5)], ['2', 'p4']],
    ['startAfter(5)', [orderByPriority(), startAfter(5)], ['p1', 'p5', 'p7', 'p3']],
    ['endBefore("alpha")', [orderByPriority(), endBefore('alpha')], all.slice(0, 7)],
    ['default order startAt(10).limitToFirst(2)', [startAt(10), limitToFirst(2)], ['p1', 'p5']],
  ];
  test.each(cases)('%s', (_name, constraints, expected) => checkQuery('byPriority', constraints, expected));

  test('a query result keeps the children priorities', async () => {
    const snap = await get(query(ref(getter, 'byPriority'), orderByPriority(), equalTo(5)));
    expect(snap.child('2').priority).toBe(5);
    expect(snap.child('p4').exportVal()).toEqual({ v: 1, '.priority': 5 });
  });
});

describe('live updates of tagged queries', () => {
  test('limitToFirst window: items entering and leaving, child events in order', async () => {
    await set(ref(writer, 'liveA'), { a: { score: 1 }, b: { score: 2 }, c: { score: 3 }, d: { score: 4 } });
    const log = new EventLog(query(ref(observer, 'liveA'), orderByChild('score'), limitToFirst(3)));
    try {
      await log.reaches(['a', 'b', 'c'], ['child_added a null', 'child_added b a', 'child_added c b']);

      await set(ref(writer, 'liveA/d/score'), 0); // d enters at the front, c drops out
      await log.reaches(['d', 'a', 'b'], ['child_removed c', 'child_added d null']);

      await set(ref(writer, 'liveA/a/score'), 10); // a leaves, c comes back
      await log.reaches(['d', 'b', 'c'], ['child_removed a', 'child_added c b']);

      await set(ref(writer, 'liveA/b/score'), 2.5); // same place, new indexed value
      await waitFor(() => log.events.some((e) => e.type === 'child_changed'), 'child_changed for b');
      await waitFor(() => log.values.at(-1)?.child('b/score').val() === 2.5, 'value event with b/score 2.5');
      expect(log.take()).toEqual(['child_moved b d', 'child_changed b d']);

      await set(ref(writer, 'liveA/b/score'), 3.5); // b moves after c
      await log.reaches(['d', 'c', 'b'], ['child_moved b c', 'child_changed b c']);

      await remove(ref(writer, 'liveA/d')); // d removed, a (score 10) fills the window
      await log.reaches(['c', 'b', 'a'], ['child_removed d', 'child_added a b']);

      await set(ref(writer, 'liveA/e'), { score: 100 }); // outside the window: no events
      await set(ref(writer, 'liveA/e/score'), -1); // now it enters at the front, a drops out
      await log.reaches(['e', 'c', 'b'], ['child_removed a', 'child_added e null']);
      expect(log.cancelError).toBeNull();
    } finally {
      log.stop();
    }
  });

  test('orderByValue limitToLast window', async () => {
    await set(ref(writer, 'liveB'), { x: 1, y: 5, z: 9 });
    const log = new EventLog(query(ref(observer, 'liveB'), orderByValue(), limitToLast(2)));
    try {
      await log.reaches(['y', 'z'], ['child_added y null', 'child_added z y']);

      await set(ref(writer, 'liveB/w'), 7);
      await log.reaches(['w', 'z'], ['child_removed y', 'child_added w null']);

      await set(ref(writer, 'liveB/z'), 0);
      await log.reaches(['y', 'w'], ['child_removed z', 'child_added y null']);

      await set(ref(writer, 'liveB/x'), 6);
      await log.reaches(['x', 'w'], ['child_removed y', 'child_added x null']);

      await set(ref(writer, 'liveB/x'), 8);
      await log.reaches(['w', 'x'], ['child_moved x w', 'child_changed x w']);
    } finally {
      log.stop();
    }
  });

  test('startAt/endAt range: entering, leaving, and a multi-path update', async () => {
    await set(ref(writer, 'liveC'), { a: { n: 1 }, b: { n: 5 }, c: { n: 10 } });
    const log = new EventLog(query(ref(observer, 'liveC'), orderByChild('n'), startAt(3), endAt(8)));
    try {
      await log.reaches(['b'], ['child_added b null']);

      await set(ref(writer, 'liveC/a/n'), 4);
      await log.reaches(['a', 'b'], ['child_added a null']);

      await set(ref(writer, 'liveC/b/n'), 20);
      await log.reaches(['a'], ['child_removed b']);

      await update(ref(writer, 'liveC'), { 'c/n': 6, 'a/n': 7 });
      await log.reaches(['c', 'a'], ['child_added c null', 'child_moved a c', 'child_changed a c']);

      await remove(ref(writer, 'liveC'));
      await log.reaches([], ['child_removed c', 'child_removed a']);
    } finally {
      log.stop();
    }
  });

  test('two tagged queries on one path and one connection are kept apart', async () => {
    await set(ref(writer, 'liveD'), { a: 1, b: 2, c: 3 });
    const first = new EventLog(query(ref(observer, 'liveD'), orderByValue(), limitToFirst(1)));
    const last = new EventLog(query(ref(observer, 'liveD'), orderByValue(), limitToLast(1)));
    try {
      await first.waitForKeys(['a']);
      await last.waitForKeys(['c']);
      await set(ref(writer, 'liveD/b'), 0);
      await first.waitForKeys(['b']);
      await set(ref(writer, 'liveD/b'), 10);
      await last.waitForKeys(['b']);
      await first.waitForKeys(['a']);
      expect(first.values.at(-1)?.val()).toEqual({ a: 1 });
      expect(last.values.at(-1)?.val()).toEqual({ b: 10 });
    } finally {
      first.stop();
      last.stop();
    }
  });

  test('a value listener on an equalTo query follows matching children', async () => {
    await set(ref(writer, 'liveE'), { o1: { buyer: 'u1' }, o2: { buyer: 'u2' } });
    const log = new EventLog(query(ref(observer, 'liveE'), orderByChild('buyer'), equalTo('u1')));
    try {
      await log.waitForKeys(['o1']);
      await set(ref(writer, 'liveE/o3'), { buyer: 'u1' });
      await log.waitForKeys(['o1', 'o3']);
      await set(ref(writer, 'liveE/o1/buyer'), 'u2');
      await log.reaches(['o3'], ['child_added o1 null', 'child_added o3 o1', 'child_removed o1']);
    } finally {
      log.stop();
    }
  });
});

test('a priority-ordered limited window follows setPriority moves', async () => {
  await set(ref(writer, 'liveF'), {
    a: { '.value': 'A', '.priority': 1 },
    b: { '.value': 'B', '.priority': 2 },
    c: { '.value': 'C', '.priority': 3 },
  });
  const log = new EventLog(query(ref(observer, 'liveF'), orderByPriority(), limitToFirst(2)));
  try {
    await log.waitForKeys(['a', 'b']);
    log.take();
    await setPriority(ref(writer, 'liveF/c'), 0);
    await log.reaches(['c', 'a'], ['child_removed b', 'child_added c null']);
  } finally {
    log.stop();
  }
});

describe('a list large enough to be read from an index (emulators/rtdb/docs/protocol.md#query-indexes)', () => {
  const size = 1500;
  const key = (i: number) => `k${String(i).padStart(5, '0')}`;
  // Its own namespace, whose rules declare the indexes, as the emulator keeps only those.
  const largeNs = uniqueNs('large-queries');

  test('pages from a cursor both ways, and a live last page follows arrivals, removals and moves', async () => {
    await putRules(largeNs, { rules: { '.read': true, '.write': true, large: { '.indexOn': ['at', 'state'] } } });
    const [writer, getter, observer] = [newClient(largeNs).db, newClient(largeNs).db, newClient(largeNs).db];
    await set(
      ref(writer, 'large'),
      Object.fromEntries(Array.from({ length: size }, (_, i) => [key(i), { at: i, state: i % 3 === 0 ? 'new' : 'done' }])),
    );
    const byAt = (...c: QueryConstraint[]) => query(ref(getter, 'large'), orderByChild('at'), ...c);
    expect(keysOf(await get(byAt(limitToLast(3))))).toEqual([key(1497), key(1498), key(1499)]);
    expect(keysOf(await get(byAt(endBefore(700, key(700)), limitToLast(2))))).toEqual([key(698), key(699)]);
    expect(keysOf(await get(byAt(startAfter(700, key(700)), limitToFirst(2))))).toEqual([key(701), key(702)]);
    expect(keysOf(await get(query(ref(getter, 'large'), orderByChild('state'), equalTo('new'), limitToFirst(2))))).toEqual([
      key(0),
      key(3),
    ]);

    const log = new EventLog(query(ref(observer, 'large'), orderByChild('at'), limitToLast(2)));
    try {
      await log.waitForKeys([key(1498), key(1499)]);
      log.take();
      await set(ref(writer, 'large/new'), { at: size + 1, state: 'new' });
      await log.reaches([key(1499), 'new'], [`child_removed ${key(1498)}`, `child_added new ${key(1499)}`]);
      await remove(ref(writer, `large/${key(1499)}`));
      await log.reaches([key(1498), 'new'], [`child_removed ${key(1499)}`, `child_added ${key(1498)} null`]);
      await update(ref(writer, 'large'), { [`${key(1498)}/at`]: -1, [`${key(5)}/at`]: size + 5 });
      await log.reaches(['new', key(5)], [`child_removed ${key(1498)}`, `child_added ${key(5)} new`]);
      expect(log.cancelError).toBeNull();
    } finally {
      log.stop();
    }
  });
});
