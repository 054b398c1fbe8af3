// The contract between the database server and its security-rules engine.
// The server owns data, connections and auth; the engine only answers "may this happen?".

/** A value in the Realtime Database export format: normalised (no nulls inside objects, no empty
 *  objects, no arrays); a prioritised leaf is `{".value": v, ".priority": p}`, a prioritised object
 *  carries a `.priority` key beside its children. `null` means "no data". */
export type ExportJson = null | boolean | number | string | { [key: string]: ExportJson };

/** The rules' `auth` variable: null when signed out; for a user token
 *  `{uid, provider, token: <all decoded claims>}`; for an admin `authvar` override, that object as given. */
export type AuthVar = null | Record<string, unknown>;

/** The rules' `query` variable (read rules only). All false/null for a default (unfiltered) listen. */
export interface RuleQuery {
  orderByKey: boolean;
  orderByPriority: boolean;
  orderByValue: boolean;
  orderByChild: string | null;
  startAt: unknown;
  endAt: unknown;
  equalTo: unknown;
  limitToFirst: number | null;
  limitToLast: number | null;
}

/** The query object as the SDK sends it on the wire (`q` of a listen or get): keys sp, sn, sin, ep,
 *  en, ein, l, vf, i. See emulators/rtdb/docs/protocol.md#the-wire-query-object. */
export type WireQuery = Record<string, unknown>;

export interface ReadContext {
  auth: AuthVar;
  /** Server time in epoch ms. */
  now: number;
  /** The whole current tree of the namespace. */
  root: ExportJson;
  query: RuleQuery | null;
}

export interface WriteContext {
  auth: AuthVar;
  now: number;
  /** The whole tree before the operation. */
  root: ExportJson;
  /** The whole tree as it would be after the whole operation (server values already resolved). */
  newRoot: ExportJson;
  /** Each location the operation writes: one for a set, one per key for an update. */
  writePaths: string[][];
}

export type WriteDecision = { allowed: true } | { allowed: false; reason: string };
