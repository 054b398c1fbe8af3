// Command line of the emulator (the package's `rtdb-emulator` bin runs this through run.mjs).
// Every flag is described by `usage()` below and in the README.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { resolve } from 'node:path';
import { normalizeOrigin } from '@leopard/emulator-http';
import { start } from '.';
import { compileRules } from './rules-api';
import { ConfigError, type ProjectConfig, readFirebaseJson } from './config';

const USAGE = `Usage: rtdb-emulator [options]
       rtdb-emulator exec [options] -- <command> [args…]
       rtdb-emulator exec [options] "<shell command>"

  exec                   start the emulator, run the command with FIREBASE_DATABASE_EMULATOR_HOST,
                         FIREBASE_EMULATOR_HUB (this emulator answers /emulators) and GCLOUD_PROJECT
                         set, stop (exporting with --export-on-exit) and exit with the command's status

  --port <n>             port (default: $RTDB_EMULATOR_PORT, else firebase.json's
                         emulators.database.port, else 9000; 0 = any free port)
  --host <addr>          address to bind (default: firebase.json's emulators.database.host, else 127.0.0.1)
  --config <file>        firebase.json to read (default: ./firebase.json when it exists)
  --no-config            do not read firebase.json
  --project <id>         project id: the single form's <project>-default-rtdb, database "target"s in
                         .firebaserc, GCLOUD_PROJECT for exec (default: $GCLOUD_PROJECT,
                         else .firebaserc's default project)
  --rules <file>         rules for every namespace without rules of its own (default: allow all
                         reads and writes; firebase.json's single-form database.rules go to
                         <project>-default-rtdb only, as with firebase emulators:start)
  --functions <host:port>  firebase-tools' Functions emulator: database triggers are found in its
                         list and delivered there (default: firebase.json's emulators.functions)
  --no-triggers          deliver no Functions triggers
  --no-watch             do not reload rules files when they change
  --import <dir>         load <dir>/database_export/<ns>.json (the layout of firebase emulators:export)
  --export-on-exit [dir] on SIGINT/SIGTERM, write every namespace with data to <dir> in that layout
                         (without <dir>: the --import directory)
  --data <file.json>     load data and rules from this file on start, save them to it every 2 s when
                         changed and on exit (this emulator's own format)
  --no-coverage          do not count rule evaluations (no /.inspect/coverage reports)
  --no-viewer            do not serve the data viewer at /
  --allow-origin <origin>  a browser origin whose pages may call (repeat for more; '*' for any). The
                         emulator's own origin always may. Default: any loopback origin
                         (http://localhost:<port>, http://127.0.0.1:<port>, …); pages of other
                         origins are refused (403), requests without Origin (SDKs in Node, curl) are served
  --quiet                no log output except the ready line
  --max-request-bytes <n>   largest REST body / WebSocket message (default 16777216)
  --request-timeout-ms <n>  time for a REST request or a multi-frame message to arrive (default 30000)
  --idle-timeout-ms <n>     close a WebSocket silent both ways this long (default 120000)
  --help                 this text`;

function usage(code: number): never {
  (code === 0 ? console.log : console.error)(USAGE);
  process.exit(code);
}

let args = process.argv.slice(2);
// `exec`: everything after `--` (or the one positional argument) is the command.
let command: { argv: string[]; shell: boolean } | null = null;
if (args[0] === 'exec') {
  const dashes = args.indexOf('--');
  if (dashes >= 0) {
    command = { argv: args.slice(dashes + 1), shell: false };
    args = args.slice(1, dashes);
  } else {
    const last = args[args.length - 1];
    if (args.length < 2 || last.startsWith('--')) usage(2);
    command = { argv: [last], shell: true };
    args = args.slice(1, -1);
  }
  if (command.argv.length === 0) usage(2);
}
const opts: {
  port?: number;
  host?: string;
  data?: string;
  rules?: string;
  quiet?: boolean;
  maxRequestBytes?: number;
  requestTimeoutMs?: number;
  idleTimeoutMs?: number;
  config?: string | false;
  project?: string;
  importDir?: string;
  exportOnExit?: string | true;
  coverage: boolean;
  viewer: boolean;
  watch: boolean;
  functions?: string;
  triggers: boolean;
  allowedOrigins?: string[];
} = { coverage: true, viewer: true, watch: true, triggers: true };
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
    case 'config':
      opts.config = value();
      break;
    case 'no-config':
      opts.config = false;
      break;
    case 'project':
      opts.project = value();
      break;
    case 'import':
      opts.importDir = value();
      break;
    case 'export-on-exit':
      // The directory is optional (firebase-tools: the --import directory).
      if (eq > 0) opts.exportOnExit = a.slice(eq + 1);
      else if (args[i + 1] !== undefined && !args[i + 1].startsWith('--')) opts.exportOnExit = args[++i];
      else opts.exportOnExit = true;
      break;
    case 'no-coverage':
      opts.coverage = false;
      break;
    case 'no-viewer':
      opts.viewer = false;
      break;
    case 'no-watch':
      opts.watch = false;
      break;
    case 'functions':
      opts.functions = value();
      if (!/^(\[[0-9a-f:.]+\]|[^:\s]+):\d+$/i.test(opts.functions)) usage(2);
      break;
    case 'no-triggers':
      opts.triggers = false;
      break;
    case 'allow-origin': {
      const origin = value();
      try {
        normalizeOrigin(origin);
      } catch (e) {
        console.error(`--allow-origin: ${(e as Error).message}`);
        process.exit(2);
      }
      (opts.allowedOrigins ??= []).push(origin);
      break;
    }
    case 'help':
      usage(0);
      break;
    default:
      console.error(`Unknown argument: ${a}`);
      usage(2);
  }
}

const log = opts.quiet ? () => {} : (msg: string) => console.error(`[rtdb] ${msg}`);

let config: ProjectConfig | null = null;
try {
  if (opts.config !== false) {
    const file = opts.config ?? (existsSync('firebase.json') ? 'firebase.json' : null);
    if (file !== null) {
      config = readFirebaseJson(file, opts.project);
      log(`using ${config.file}`);
      for (const w of config.warnings) log(w);
    }
  }
} catch (e) {
  console.error(`RTDB emulator failed to start: ${e instanceof ConfigError ? e.message : (e as Error).message}`);
  process.exit(1);
}

let exportOnExit: string | undefined;
if (opts.exportOnExit === true) {
  if (!opts.importDir) {
    console.error('--export-on-exit without a directory needs --import <dir> (the directory to write back to)');
    process.exit(2);
  }
  exportOnExit = opts.importDir;
} else exportOnExit = opts.exportOnExit;

const envPort = process.env.RTDB_EMULATOR_PORT ? Number(process.env.RTDB_EMULATOR_PORT) : undefined;
const port = opts.port ?? envPort ?? config?.port ?? 9000;
const host = opts.host ?? config?.host;

// Rules files: --rules for every namespace without rules of its own; firebase.json's single form
// for <project>-default-rtdb and the array form for the namespaces it lists (rulesConfig.js in
// firebase-tools). Every other namespace allows all reads and writes.
const defaultRulesFile = opts.rules ? resolve(opts.rules) : undefined;
const instanceRules = config?.rules ?? [];
const project = opts.project || config?.project || process.env.GCLOUD_PROJECT || undefined;
const functions = opts.functions ?? config?.functions;
/** What the ready line says about rules: which namespaces have which file, and what the rest get. */
const rulesSummary = (): string => {
  if (defaultRulesFile) {
    const own = instanceRules.map((r) => `${r.file} for ${r.instance}`);
    return `rules: ${[...own, `${defaultRulesFile} for every other namespace`].join('; ')}`;
  }
  if (instanceRules.length === 0) return 'rules: every namespace allows all reads and writes';
  return `rules: ${instanceRules.map((r) => `${r.file} for namespace ${r.instance} only`).join('; ')}; every other namespace allows all reads and writes`;
};

try {
  const read = (file: string) => readFileSync(file, 'utf8');
  // Name the file when its rules do not compile.
  for (const file of [defaultRulesFile, ...instanceRules.map((r) => r.file)]) {
    if (file === undefined) continue;
    try {
      compileRules(read(file));
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message}`);
    }
  }
  const emu = await start({
    port,
    host,
    dataFile: opts.data,
    quiet: opts.quiet,
    defaultRules: defaultRulesFile ? read(defaultRulesFile) : undefined,
    namespaceRules: Object.fromEntries(instanceRules.map((r) => [r.instance, read(r.file)])),
    maxRequestBytes: opts.maxRequestBytes,
    requestTimeoutMs: opts.requestTimeoutMs,
    idleTimeoutMs: opts.idleTimeoutMs,
    coverage: opts.coverage,
    viewer: opts.viewer,
    importDir: opts.importDir,
    exportOnExit,
    functions,
    project,
    triggers: opts.triggers,
    allowedOrigins: opts.allowedOrigins,
  });
  // exec: the command's stdout stays its own.
  (command ? console.error : console.log)(`RTDB emulator ready on ${emu.url} (${rulesSummary()})`);
  if (functions && opts.triggers)
    log(`database triggers: from the Functions emulator at ${functions} and /.settings/functionTriggers.json`);

  // Reload rules files when they change (as firebase-tools does). Polling survives editors that
  // save by renaming a new file over the old one.
  const watched: string[] = [];
  if (opts.watch) {
    const watch = (file: string, apply: (text: string) => void, what: string) => {
      watched.push(file);
      watchFile(file, { interval: 500, persistent: false }, (cur, prev) => {
        if (cur.mtimeMs === prev.mtimeMs && cur.size === prev.size) return;
        try {
          apply(read(file));
          log(`${file} changed: rules updated for ${what}`);
        } catch (e) {
          log(`${file} changed but was not loaded: ${(e as Error).message}`);
        }
      });
    };
    if (defaultRulesFile) watch(defaultRulesFile, (text) => emu.setRules(text), 'namespaces without rules of their own');
    for (const r of instanceRules) watch(r.file, (text) => emu.setRules(text, r.instance), r.instance);
  }

  let stopping = false;
  const shutdown = (sig: string) => {
    if (stopping) return;
    stopping = true;
    if (!opts.quiet) console.error(`[rtdb] ${sig}: shutting down${exportOnExit ? `, exporting to ${exportOnExit}` : ''}`);
    for (const f of watched) unwatchFile(f);
    emu.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  if (command) {
    // exec: the command gets the addresses the Admin SDK and @firebase/rules-unit-testing read.
    const hostPort = new URL(emu.url).host;
    const env: NodeJS.ProcessEnv = { ...process.env, FIREBASE_DATABASE_EMULATOR_HOST: hostPort, FIREBASE_EMULATOR_HUB: hostPort };
    if (project) env.GCLOUD_PROJECT = project;
    const child = spawn(command.argv[0], command.argv.slice(1), { stdio: 'inherit', env, shell: command.shell });
    const finish = (code: number) => {
      for (const f of watched) unwatchFile(f);
      emu.stop().then(
        () => process.exit(code),
        (e: unknown) => {
          console.error(e);
          process.exit(code || 1);
        },
      );
    };
    child.once('error', (e) => {
      console.error(`rtdb-emulator exec: could not run ${command.argv[0]}: ${e.message}`);
      finish(127);
    });
    child.once('exit', (code, signal) => finish(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0)));
    // The command gets the signal (same process group for a terminal's Ctrl-C); its exit ends us.
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  } else {
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
  }
} catch (e) {
  console.error(`RTDB emulator failed to start: ${(e as Error).message}`);
  process.exit(1);
}
