/**
 * The benchmarks' way into the local stack's database: its REST API with the owner's credential
 * (rules and validation do not apply), and many records written in chunks of SEED_CHUNK with
 * triggers off (`disableTriggers=true`, as firebase-tools' import writes), so no function runs for
 * them. `npm run bench:scale` seeds its lists with it and `npm run bench:counters` its waitlist.
 */
import { DATABASE_NAMESPACE, type LocalStack } from '../../emulators/ports';

const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

/** Records per request: large enough that a million records are a few hundred requests, small
 *  enough that one request's JSON stays a few megabytes. The emulator's update once compared every
 *  written path with every other (20,000 keys took 19 s); it now looks each path's ancestors up
 *  (`outermostPaths` in emulators/rtdb/src/namespace.ts). */
export const SEED_CHUNK = 5000;

/** A GET answers the value; a write answers nothing (`print=silent`) and runs no trigger unless
 *  `triggers` is set (a sign-up whose trigger is timed). */
export async function ownerRest(
  stack: LocalStack,
  method: 'GET' | 'PUT' | 'PATCH',
  path: string,
  body?: unknown,
  { triggers = false }: { triggers?: boolean } = {},
): Promise<unknown> {
  const quiet = method === 'GET' ? '' : `&print=silent${triggers ? '' : '&disableTriggers=true'}`;
  const response = await fetch(`http://${stack.databaseHost}/${path}.json?ns=${DATABASE_NAMESPACE}${quiet}`, {
    method,
    headers: OWNER,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /${path}: ${response.status} ${await response.text()}`);
  return method === 'GET' ? response.json() : (await response.arrayBuffer(), undefined);
}

/** One chunk's records: for each node they are PATCHed into, its key → value pairs. */
export type Chunk = Map<string, Record<string, unknown>>;

export function into(chunk: Chunk, path: string, key: string, value: unknown): void {
  let values = chunk.get(path);
  if (!values) chunk.set(path, (values = {}));
  values[key] = value;
}

/** Writes `count` records in chunks, triggers off: `build(i, chunk)` puts record i `into` the chunk. */
export async function writeChunked(
  stack: LocalStack,
  count: number,
  build: (index: number, chunk: Chunk) => void,
  onProgress: (written: number) => void = () => {},
): Promise<void> {
  // A tenth at a time, so a seed of minutes shows it is moving.
  const every = Math.max(SEED_CHUNK, Math.ceil(count / 10 / SEED_CHUNK) * SEED_CHUNK);
  for (let start = 0; start < count; start += SEED_CHUNK) {
    const chunk: Chunk = new Map();
    for (let i = start; i < Math.min(count, start + SEED_CHUNK); i++) build(i, chunk);
    for (const [path, values] of chunk) await ownerRest(stack, 'PATCH', path, values);
    const written = Math.min(count, start + SEED_CHUNK);
    if (written % every === 0 || written === count) onProgress(written);
  }
}
