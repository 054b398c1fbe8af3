// Serves the data viewer (emulators/rtdb/viewer/): `GET /` for a browser (Accept: text/html)
// and its script and stylesheet under /.viewer/. Other clients keep getting the plain-text answer
// at `/`. The files are read at each request (they are small), so editing them needs no restart.

import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// run.mjs bundles the sources into node_modules/.cache; it defines this as the real folder.
declare const __RTDB_VIEWER_DIR__: string | undefined;

const VIEWER_DIR = typeof __RTDB_VIEWER_DIR__ === 'string' ? __RTDB_VIEWER_DIR__ : fileURLToPath(new URL('../viewer/', import.meta.url));

const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html' },
  '/.viewer/viewer.js': { file: 'viewer.js', type: 'text/javascript' },
  '/.viewer/viewer.css': { file: 'viewer.css', type: 'text/css' },
};

function wantsHtml(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/html\b/i.test(accept);
}

/** Answers the viewer's files; false for any other request. */
export function serveViewer(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const entry = Object.hasOwn(FILES, url.pathname) ? FILES[url.pathname] : undefined;
  if (!entry || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  if (url.pathname === '/' && !wantsHtml(req)) return false;
  let body: Buffer;
  try {
    body = readFileSync(join(VIEWER_DIR, entry.file));
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`The viewer's ${entry.file} is missing from ${VIEWER_DIR}\n`);
    return true;
  }
  res.writeHead(200, {
    'Content-Type': `${entry.type}; charset=utf-8`,
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // The page talks only to this server; inline scripts and other origins are not needed.
    ...(entry.type === 'text/html'
      ? {
          'Content-Security-Policy':
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        }
      : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
