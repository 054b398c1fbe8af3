#!/usr/bin/env node
// Fast start for the emulator CLI without tsx: bundles src/cli.ts with esbuild into
// node_modules/.cache/rtdb-emulator/cli.mjs whenever a source file is newer than the bundle, then
// runs the bundle in this process. Same flags as cli.ts:  node emulators/rtdb/src/run.mjs --port 9000
// (This is the package's `rtdb-emulator` bin.)
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const srcDir = dirname(fileURLToPath(import.meta.url));
const pkgDir = dirname(srcDir);

/** node_modules/.cache of the project: the node_modules this package is installed in, or (in a
 *  checkout of the repository) the nearest folder above that has one. */
function cacheRoot() {
  const parts = pkgDir.split(sep);
  const i = parts.lastIndexOf('node_modules');
  if (i >= 0) return join(parts.slice(0, i + 1).join(sep) || sep, '.cache');
  for (let d = pkgDir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) return join(d, 'node_modules', '.cache');
    if (dirname(d) === d) return join(pkgDir, '.cache');
  }
}

const out = join(cacheRoot(), 'rtdb-emulator', 'cli.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(out) || statSync(out).mtimeMs < Math.max(newestSource(srcDir), statSync(fileURLToPath(import.meta.url)).mtimeMs)) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(srcDir, 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    // Written beside the bundle and renamed over it: a process starting meanwhile never imports half a file.
    outfile: `${out}.${process.pid}.tmp.mjs`,
    // The bundle lives in the cache; the viewer's files stay in the package.
    define: { __RTDB_VIEWER_DIR__: JSON.stringify(join(pkgDir, 'viewer')) },
    // The viewer's server loads esbuild to bundle the viewer (src/viewer.ts): esbuild cannot be
    // bundled, and from the cache a bare `esbuild` may not resolve, so it is the one this file found.
    plugins: [
      {
        name: 'esbuild-as-installed',
        setup(build) {
          build.onResolve({ filter: /^esbuild$/ }, () => ({ path: import.meta.resolve('esbuild'), external: true }));
        },
      },
    ],
    banner: {
      js: "import { createRequire as __rtdbCreateRequire } from 'node:module'; const require = __rtdbCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  renameSync(`${out}.${process.pid}.tmp.mjs`, out);
}
await import(pathToFileURL(out).href);
