/**
 * `npm run stripe:sync [-- --seed-demo] [--port-offset N] [--live]`
 *
 * Makes Stripe hold the catalogue: Products, Prices by lookup key and the billing portal
 * configuration (emulators/stripe-catalog-sync.ts, docs/decisions/0113-catalogue-as-stripe-prices.md).
 *
 * - Without STRIPE_SECRET_KEY, or with --port-offset: the local stack's Stripe stand-in
 *   (`npm start`), at the stack's port offset (--port-offset, else LEOPARD_PORT_OFFSET, else 0).
 * - With STRIPE_SECRET_KEY=sk_test_… in the environment: that Stripe account. A live key
 *   (sk_live_… or rk_live_…) is refused unless --live is given too, so a production catalogue is
 *   never changed by a command meant for a test account.
 *
 * --seed-demo also creates the demo coupon and its promotion code (the local stack passes it); never
 * with --live, so no production account gets a 10 %-off code anyone can read in this repository.
 */
import { pathToFileURL } from 'node:url';
import { STRIPE_SECRET_KEY as LOCAL_STRIPE_SECRET_KEY } from '../emulators/local-config';
import { localStack, parsePortOffset, portOffsetFrom } from '../emulators/ports';
import { catalogueStripeClient, syncStripeCatalog } from '../emulators/stripe-catalog-sync';

export const USAGE = 'Usage: npm run stripe:sync [-- --seed-demo] [--port-offset N] [--live]';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** The Stripe account a command talks to (this one and `npm run stripe:webhook`). */
export interface StripeTarget {
  kind: 'local' | 'stripe';
  secretKey: string;
  /** The stand-in's address; undefined: api.stripe.com. */
  baseUrl: string | undefined;
  /** The local stack's port offset (the local stand-in only). */
  offset?: number;
}

export interface SyncTarget extends StripeTarget {
  seedDemo: boolean;
}

/** Which account: without STRIPE_SECRET_KEY, or with --port-offset, the local stand-in; else the
 *  key's account, a live key only with --live. `usage` ends each refusal. */
export function stripeTarget(
  { offsetText, live }: { offsetText: string | undefined; live: boolean },
  env: Record<string, string | undefined>,
  usage: string,
): StripeTarget {
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (!key || offsetText !== undefined) {
    if (live) throw new UsageError(`--live needs STRIPE_SECRET_KEY and no --port-offset.\n${usage}`);
    let offset: number;
    try {
      offset = offsetText !== undefined ? parsePortOffset(offsetText, '--port-offset') : portOffsetFrom(env, 0);
    } catch (error) {
      throw new UsageError(`${(error as Error).message}\n${usage}`);
    }
    return { kind: 'local', secretKey: LOCAL_STRIPE_SECRET_KEY, baseUrl: localStack(offset).stripeUrl, offset };
  }
  if (/^(sk|rk)_live_/.test(key) && !live) {
    throw new UsageError('STRIPE_SECRET_KEY is a live key: add --live to change the production account.');
  }
  return { kind: 'stripe', secretKey: key, baseUrl: undefined };
}

/** The value of `--flag value` or `--flag=value` at argv[i], and the index of the next argument. */
export function flagValue(argv: readonly string[], i: number, usage: string): { value: string; next: number } {
  const arg = argv[i];
  const inline = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined;
  const value = inline ?? argv[i + 1];
  const flag = arg.split('=')[0];
  if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`${flag} needs a value.\n${usage}`);
  return { value, next: inline === undefined ? i + 1 : i };
}

export function parseSyncArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): SyncTarget {
  let offsetText: string | undefined;
  let seedDemo = false;
  let live = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--seed-demo') seedDemo = true;
    else if (arg === '--live') live = true;
    else if (arg === '--port-offset' || arg.startsWith('--port-offset=')) {
      const { value, next } = flagValue(argv, i, USAGE);
      offsetText = value;
      i = next;
    } else throw new UsageError(`Unknown argument "${arg}".\n${USAGE}`);
  }
  // The demo code's text is in this repository: on a live account anyone could take 10 % off.
  if (live && seedDemo) throw new UsageError(`--seed-demo is for the local stand-in and test accounts, never with --live.\n${USAGE}`);
  return { ...stripeTarget({ offsetText, live }, env, USAGE), seedDemo };
}

export async function main(argv: readonly string[]): Promise<number> {
  let target: SyncTarget;
  try {
    target = parseSyncArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  console.log(`Syncing the catalogue to ${target.kind === 'local' ? `the Stripe stand-in at ${target.baseUrl}` : 'Stripe'}…`);
  await syncStripeCatalog(catalogueStripeClient(target.secretKey, target.baseUrl), { seedDemo: target.seedDemo, log: console.log });
  return 0;
}

/** Runs a Stripe command's `main` when its module (`moduleUrl`) is the script node started, and
 *  exits with its code (1, with the message, when it throws). */
export function runCommand(moduleUrl: string, main: (argv: readonly string[]) => Promise<number>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

runCommand(import.meta.url, main);
