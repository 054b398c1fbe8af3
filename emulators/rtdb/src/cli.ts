// Command line: tsx emulators/rtdb/src/cli.ts [--port 9000] [--host 127.0.0.1] [--data file.json] [--rules rules.json] [--quiet]
//   [--max-request-bytes n] [--request-timeout-ms n] [--idle-timeout-ms n]

import { readFileSync } from 'node:fs';
import { start } from './index.js';

function usage(code: number): never {
  console.error(
    'Usage: rtdb-emulator [--port <n>] [--host <addr>] [--data <file.json>] [--rules <rules.json>] [--quiet]\n' +
      '                     [--max-request-bytes <n>] [--request-timeout-ms <n>] [--idle-timeout-ms <n>]\n' +
      '  --port   port to listen on (default $RTDB_EMULATOR_PORT or 9000; 0 = any free port)\n' +
      '  --host   address to bind (default 127.0.0.1)\n' +
      '  --data   load data/rules from this file on start, save to it every few seconds and on exit\n' +
      '  --rules  initial rules for every new namespace (default: allow all)\n' +
      '  --quiet  no log output except the ready line\n' +
      '  --max-request-bytes   largest REST body / WebSocket message (default 16777216)\n' +
      '  --request-timeout-ms  time for a REST request or a multi-frame message to arrive (default 30000)\n' +
      '  --idle-timeout-ms     close a WebSocket silent both ways this long (default 120000)',
  );
  process.exit(code);
}

const args = process.argv.slice(2);
const opts: {
  port?: number;
  host?: string;
  data?: string;
  rules?: string;
  quiet?: boolean;
  maxRequestBytes?: number;
  requestTimeoutMs?: number;
  idleTimeoutMs?: number;
} = {};
/** A positive integer flag value, or the usage text. */
const positive = (v: string): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) usage(2);
  return n;
};
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const eq = a.indexOf('=');
  const name = a.startsWith('--') ? (eq > 0 ? a.slice(2, eq) : a.slice(2)) : '';
  const value = (): string => {
    if (eq > 0) return a.slice(eq + 1);
    const v = args[++i];
    if (v === undefined) usage(2);
    return v;
  };
  switch (name) {
    case 'port': {
      const p = Number(value());
      if (!Number.isInteger(p) || p < 0 || p > 65535) usage(2);
      opts.port = p;
      break;
    }
    case 'host':
      opts.host = value();
      break;
    case 'data':
      opts.data = value();
      break;
    case 'rules':
      opts.rules = value();
      break;
    case 'quiet':
      opts.quiet = true;
      break;
    case 'max-request-bytes':
      opts.maxRequestBytes = positive(value());
      break;
    case 'request-timeout-ms':
      opts.requestTimeoutMs = positive(value());
      break;
    case 'idle-timeout-ms':
      opts.idleTimeoutMs = positive(value());
      break;
    case 'help':
      usage(0);
      break;
    default:
      console.error(`Unknown argument: ${a}`);
      usage(2);
  }
}
if (opts.port === undefined && process.env.RTDB_EMULATOR_PORT) opts.port = Number(process.env.RTDB_EMULATOR_PORT);

try {
  const emu = await start({
    port: opts.port ?? 9000,
    host: opts.host,
    dataFile: opts.data,
    quiet: opts.quiet,
    defaultRules: opts.rules ? readFileSync(opts.rules, 'utf8') : undefined,
    maxRequestBytes: opts.maxRequestBytes,
    requestTimeoutMs: opts.requestTimeoutMs,
    idleTimeoutMs: opts.idleTimeoutMs,
  });
  console.log(`RTDB emulator ready on ${emu.url}`);
  let stopping = false;
  const shutdown = (sig: string) => {
    if (stopping) return;
    stopping = true;
    if (!opts.quiet) console.error(`[rtdb] ${sig}: shutting down`);
    emu.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (e) {
  console.error(`RTDB emulator failed to start: ${(e as Error).message}`);
  process.exit(1);
}
