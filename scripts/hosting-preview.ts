/**
 * Makes `vite preview` answer like Firebase Hosting, from firebase.json's `hosting` section (read at
 * start, never copied): its headers (CSP, HSTS, caching…), cleanUrls, trailingSlash and the `**`
 * rewrite, so the e2e tests run under the real Content-Security-Policy.
 *
 * The one difference: a `--mode emulators` build talks to the local stack on 127.0.0.1, which the
 * production policy rightly refuses. That build goes to its stack's folder, never the one Hosting
 * serves (scripts/build-folders.ts), and records the local origins in its .vite/ (Hosting
 * never uploads it: `**\/.*` is ignored) and the preview adds exactly those to connect-src.
 * The dev server (`npm start`) gets none of this: Vite dev injects inline scripts a CSP would block.
 *
 * Which local stack: in emulators mode this plugin also gives the browser code the stack's
 * addresses (`VITE_*`), derived from LEOPARD_PORT_OFFSET by emulators/ports.ts, so they are never
 * written by hand. Without it, a build is for the e2e suite's stack (what builds are made for:
 * `npm start` runs the dev server and names its offset) and the dev server for offset 0.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { E2E_PORT_OFFSET, browserConnectSources, localStack, portOffsetFrom, viteEnv } from '../emulators/ports';
import { emulatorsBuildFolder, LOCAL_ORIGINS_RECORD } from '../emulators/stack-files';
import { headersFor, resolveRequest, withConnectSources, type HostingConfig } from './hosting-rules';

const FIREBASE_JSON = new URL('../firebase.json', import.meta.url);
/** Until a build writes app-shell.html, the unrendered shell is index.html. */
const REWRITE_FALLBACKS = { 'app-shell.html': 'index.html' };

export function readHostingConfig(): HostingConfig {
  return (JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')) as { hosting: HostingConfig }).hosting;
}

const CSP = 'content-security-policy';

export function hostingPreview(): Plugin {
  let mode = 'production';
  let outDir = 'dist';
  let serverBuild = false;
  let connectSources: string[] = [];
  return {
    name: 'leopard:hosting-preview',
    // Before Vite reads the env files: variables already in process.env win over them.
    config(userConfig, { mode, command }) {
      if (mode !== 'emulators') return;
      const stack = localStack(portOffsetFrom(process.env, command === 'build' ? E2E_PORT_OFFSET : 0));
      Object.assign(process.env, viteEnv(stack));
      connectSources = browserConnectSources(stack);
      // Never into the folder Hosting serves: this build holds local addresses and demo keys
      // (scripts/build-folders.ts). An explicit --outDir still wins.
      if (command === 'build' && !userConfig.build?.outDir) return { build: { outDir: emulatorsBuildFolder(stack.offset) } };
    },
    configResolved(config) {
      mode = config.mode;
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr); // the pre-renderer's own build, not the site
    },
    // Only the build knows its mode (`vite preview` runs without one), so it leaves a note.
    closeBundle() {
      if (mode !== 'emulators' || serverBuild) return;
      const file = join(outDir, LOCAL_ORIGINS_RECORD);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, JSON.stringify(connectSources));
    },
    configurePreviewServer(server) {
      const config = readHostingConfig();
      const root = resolve(server.config.root, server.config.build.outDir);
      const localOriginsFile = join(root, LOCAL_ORIGINS_RECORD);
      const localOrigins = existsSync(localOriginsFile) ? (JSON.parse(readFileSync(localOriginsFile, 'utf8')) as string[]) : [];
      const isFile = (file: string) => {
        const path = join(root, file);
        return path.startsWith(root) && existsSync(path) && statSync(path).isFile();
      };

      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview.invalid');
        let pathname: string;
        try {
          pathname = decodeURIComponent(url.pathname);
        } catch {
          pathname = url.pathname;
        }
        for (const [key, value] of Object.entries(headersFor(pathname, config))) {
          res.setHeader(key, key.toLowerCase() === CSP ? withConnectSources(value, localOrigins) : value);
        }
        const resolution = resolveRequest(pathname, config, isFile, REWRITE_FALLBACKS);
        if (resolution.kind === 'redirect') {
          res.statusCode = 301;
          res.setHeader('Location', resolution.location + url.search);
          res.end();
          return;
        }
        if (resolution.kind === 'file') req.url = `/${resolution.file.split('/').map(encodeURIComponent).join('/')}${url.search}`;
        next();
      });
    },
  };
}
