#!/usr/bin/env node
// Fast start for the emulator CLI without tsx: bundles src/cli.ts with esbuild into
// node_modules/.cache/rtdb-emulator/cli.mjs whenever a source file is newer than the bundle, then
// runs the bundle in this process. Same flags as cli.ts:  node emulators/rtdb/src/run.mjs --port 9000
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const srcDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(srcDir, '..', '..', '..');
const out = join(repoRoot, 'node_modules', '.cache', 'rtdb-emulator', 'cli.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(out) || statSync(out).mtimeMs < newestSource(srcDir)) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(srcDir, 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    outfile: out,
    banner: { js: "import { createRequire as __rtdbCreateRequire } from 'node:module'; const require = __rtdbCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
await import(pathToFileURL(out).href);
