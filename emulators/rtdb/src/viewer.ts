// Serves the data viewer (emulators/rtdb/viewer/): `GET /` for a browser (Accept: text/html)
// and its script and stylesheet under /.viewer/. Other clients keep getting the plain-text answer
// at `/`. The page and the stylesheet are read at each request (they are small); the script is the
// viewer's TypeScript modules (viewer/src/) bundled with esbuild at the first request and again
// whenever one of them changed, so editing any of the three needs no restart
// (docs/decisions/0131-rtdb-viewer-modules.md).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// run.mjs bundles the sources into node_modules/.cache; it defines this as the real folder.
declare const __RTDB_VIEWER_DIR__: string | undefined;

const VIEWER_DIR = typeof __RTDB_VIEWER_DIR__ === 'string' ? __RTDB_VIEWER_DIR__ : fileURLToPath(new URL('../viewer/', import.meta.url));

/** The script's entry module, in the viewer's folder. */
const SCRIPT_ENTRY = join('src', 'main.ts');

type Entry = { type: string } & ({ file: string } | { script: true });

const FILES: Record<string, Entry> = {
  '/': { file: 'index.html', type: 'text/html' },
  '/.viewer/viewer.js': { script: true, type: 'text/javascript' },
  '/.viewer/viewer.css': { file: 'viewer.css', type: 'text/css' },
};

function wantsHtml(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/html\b/i.test(accept);
}

/** Every file under `dir` with its change time and size: a bundle is fresh while this is the same. */
function fingerprint(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name}:${stat.mtimeMs}:${stat.size}`;
    })
    .join('\n');
}

interface Bundle {
  code: Buffer;
  /** The sources' fingerprint taken before they were read: an edit during the build makes it stale. */
  sources: string;
}

async function bundle(dir: string): Promise<Bundle> {
  const sources = fingerprint(join(dir, 'src'));
  // Loaded at the first request, so that an emulator nobody opens in a browser never loads esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(dir, SCRIPT_ENTRY)],
    // Never written: the name places the source map's paths relative to the viewer's folder.
    outfile: join(dir, 'viewer.js'),
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const [out] = result.outputFiles;
  if (!out) throw new Error('esbuild wrote no output');
  return { code: Buffer.from(out.contents), sources };
}

/** The viewer's script, bundled once and again after an edit; requests that come during a build share it. */
function scriptOf(dir: string): () => Promise<Buffer> {
  let pending: Promise<Bundle> | null = null;
  return async () => {
    for (;;) {
      const mine = (pending ??= bundle(dir));
      let built: Bundle;
      try {
        built = await mine;
      } catch (error) {
        // A broken edit is answered as it is; the next request tries again.
        if (pending === mine) pending = null;
        throw error;
      }
      if (built.sources === fingerprint(join(dir, 'src'))) return built.code;
      if (pending === mine) pending = null;
    }
  };
}

function answer(req: IncomingMessage, res: ServerResponse, type: string, body: Buffer): void {
  res.writeHead(200, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // The page talks only to this server; inline scripts and other origins are not needed.
    ...(type === 'text/html'
      ? {
          'Content-Security-Policy':
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        }
      : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** The viewer served from `dir` (a folder laid out as viewer/): answers its files, false for any other request. */
export function viewerServer(dir: string): (req: IncomingMessage, res: ServerResponse, url: URL) => boolean {
  const script = scriptOf(dir);
  return (req, res, url) => {
    const entry = Object.hasOwn(FILES, url.pathname) ? FILES[url.pathname] : undefined;
    if (!entry || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    if (url.pathname === '/' && !wantsHtml(req)) return false;
    if ('script' in entry) {
      script().then(
        (code) => answer(req, res, entry.type, code),
        (error: unknown) =>
          refuse(
            res,
            500,
            `The viewer's script (${join(dir, SCRIPT_ENTRY)}) did not build:\n${error instanceof Error ? error.message : String(error)}\n`,
          ),
      );
      return true;
    }
    let body: Buffer;
    try {
      body = readFileSync(join(dir, entry.file));
    } catch {
      refuse(res, 404, `The viewer's ${entry.file} is missing from ${dir}\n`);
      return true;
    }
    answer(req, res, entry.type, body);
    return true;
  };
}

/** Answers the viewer's files; false for any other request. */
export const serveViewer = viewerServer(VIEWER_DIR);
