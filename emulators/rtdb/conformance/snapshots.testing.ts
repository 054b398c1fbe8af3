// Reading what the client SDK raises: a query's first value, the value a test waits for, and
// EventLog, which records a query's child and value events in order.
import { expect } from 'vitest';
import { onChildAdded, onChildChanged, onChildMoved, onChildRemoved, onValue, type DataSnapshot, type Query } from 'firebase/database';
import { waitFor, withTimeout } from './waiting.testing';

/** Child keys of a snapshot in the SDK's iteration order. */
export function keysOf(snap: DataSnapshot): string[] {
  const keys: string[] = [];
  snap.forEach((c) => {
    keys.push(c.key as string);
    return false;
  });
  return keys;
}

/** The first `value` event of a query (a listen, not a get). */
export function firstValue(q: Query, timeoutMs = 4000): Promise<DataSnapshot> {
  return withTimeout(
    new Promise<DataSnapshot>((resolve, reject) => {
      onValue(q, resolve, reject, { onlyOnce: true });
    }),
    timeoutMs,
    `first value event for ${q.toString()}`,
  );
}

/** Waits until a listener on `q` sees a value satisfying `pred`; resolves with that snapshot. */
export function valueWhere(q: Query, pred: (snap: DataSnapshot) => boolean, what: string, timeoutMs = 4000): Promise<DataSnapshot> {
  let unsubscribe: () => void = () => {};
  let last: unknown = '(no event)';
  const p = new Promise<DataSnapshot>((resolve, reject) => {
    unsubscribe = onValue(
      q,
      (snap) => {
        last = snap.exportVal();
        if (pred(snap)) resolve(snap);
      },
      reject,
    );
  });
  return withTimeout(p, timeoutMs, `${what} (last value seen: ${JSON.stringify(last)})`).finally(() => unsubscribe());
}

export type ChildEventType = 'child_added' | 'child_changed' | 'child_removed' | 'child_moved';
export interface ChildEvent {
  type: ChildEventType;
  key: string;
  prev: string | null | undefined;
  val: unknown;
}

/** Records child_* and value events on one query, in the order the SDK raises them. */
export class EventLog {
  readonly events: ChildEvent[] = [];
  readonly values: DataSnapshot[] = [];
  cancelError: (Error & { code?: string }) | null = null;
  private readonly unsubscribers: Array<() => void> = [];

  constructor(readonly query: Query) {
    const cancel = (e: Error) => {
      this.cancelError = e;
    };
    const rec = (type: ChildEventType) => (snap: DataSnapshot, prev?: string | null) => {
      this.events.push({ type, key: snap.key as string, prev, val: snap.exportVal() });
    };
    this.unsubscribers.push(onChildAdded(query, rec('child_added'), cancel));
    this.unsubscribers.push(onChildChanged(query, rec('child_changed'), cancel));
    this.unsubscribers.push(onChildRemoved(query, (snap) => rec('child_removed')(snap, undefined), cancel));
    this.unsubscribers.push(onChildMoved(query, rec('child_moved'), cancel));
    this.unsubscribers.push(onValue(query, (snap) => this.values.push(snap), cancel));
  }

  /** Keys of the latest value event. */
  lastKeys(): string[] | null {
    const last = this.values[this.values.length - 1];
    return last ? keysOf(last) : null;
  }

  /** Waits until the latest value event has exactly these child keys, in this order. */
  async waitForKeys(expected: string[], timeoutMs = 4000): Promise<void> {
    await waitFor(
      () => JSON.stringify(this.lastKeys()) === JSON.stringify(expected),
      () => `value event with keys ${JSON.stringify(expected)}; latest is ${JSON.stringify(this.lastKeys())}`,
      timeoutMs,
    );
  }

  /** Waits until the latest value event has these keys, then checks the child events that led
   *  there (and removes them, as take() does). */
  async reaches(keys: string[], events: string[]): Promise<void> {
    await this.waitForKeys(keys);
    expect(this.take()).toEqual(events);
  }

  /** Removes and returns the child events recorded so far, as compact "type key prev" strings. */
  take(): string[] {
    const out = this.events
      .splice(0)
      .map((e) => (e.type === 'child_removed' ? `${e.type} ${e.key}` : `${e.type} ${e.key} ${e.prev ?? 'null'}`));
    return out;
  }

  stop(): void {
    for (const u of this.unsubscribers.splice(0)) u();
  }
}
