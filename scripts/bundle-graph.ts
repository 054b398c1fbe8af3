/** Reads a Vite build (its `.vite/manifest.json` and the chunks' source maps) to answer which
 *  chunks a page loads and which source modules those chunks hold. Used by the bundle test and by
 *  `npm run bench:web`.
 *
 *  Why both files: Vite 8's (rolldown's) manifest names the source only of entry and lazy-entry
 *  chunks; shared chunks (where Firebase ends up) carry just a file name such as `_index.esm-….js`.
 *  The source map of every chunk lists all modules bundled into it, so the graph comes from the
 *  manifest and the contents from the maps. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build with \`build.manifest: true\` (vite.config.ts) first`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The key of the one HTML entry (`index.html`). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.join(', ') || 'none'}`);
  return entries[0]!;
}

/** The chunk keys `start` loads before running: itself and its static imports, transitively.
 *  Lazy (`dynamicImports`) edges are not followed; they load only when the code asks. */
export function staticClosure(manifest: Manifest, start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** Manifest key of the lazy chunk built from a source file, e.g. `src/features/marketing/home-page.tsx`. */
export function keyOfSource(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.src === src);
  if (!key) throw new Error(`no chunk in the manifest is built from ${src}`);
  return key;
}

/** Manifest key of an emitted file (`assets/home-page-B05ARSjM.js`), or undefined for files the
 *  manifest does not list as chunks (CSS, images). */
export function keyOfFile(manifest: Manifest, file: string): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]?.file === file && file.endsWith('.js'));
}

/** The source modules bundled into one emitted JS file, from its source map, as paths relative to
 *  the project (`node_modules/@firebase/auth/…`, `src/app/router.tsx`). */
export function modulesOfFile(distDir: string, file: string): string[] {
  const mapFile = join(distDir, `${file}.map`);
  if (!existsSync(mapFile)) {
    // The bundler's own runtime helpers come from no source file and get no map; anything else
    // without one means source maps were turned off, and every answer here would be empty.
    const code = readFileSync(join(distDir, file), 'utf8');
    if (code.includes('sourceMappingURL=')) throw new Error(`${mapFile} is missing`);
    if (!/rolldown-runtime|rollupPluginBabelHelpers|vite\/preload-helper/.test(file)) {
      throw new Error(`${file} has no source map: the build must emit source maps (build.sourcemap)`);
    }
    return [];
  }
  const { sources, sourceRoot = '' } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string };
  // Resolved against the map's own folder: an emulators build lives under node_modules/.cache
  // (scripts/build-folders.ts), where a relative path to the SDK never names node_modules/.
  return sources.map((source) => projectRelative(relative(PROJECT_ROOT, resolve(dirname(mapFile), sourceRoot, source))));
}

function projectRelative(source: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return source.slice(nodeModules);
  const srcFolder = source.lastIndexOf('/src/');
  return srcFolder >= 0 ? source.slice(srcFolder + 1) : source;
}

/** The Firebase SDK: the `firebase` package and its `@firebase/*` parts (nested copies included,
 *  hence the last `node_modules/` in `projectRelative`). */
export function isFirebaseModule(module: string): boolean {
  return /^node_modules\/(firebase|@firebase\/[^/]+)\//.test(module);
}

/** The Firebase modules among the chunks `keys`. */
export function firebaseModulesIn(distDir: string, manifest: Manifest, keys: Iterable<string>): string[] {
  const found: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk?.file.endsWith('.js')) continue;
    found.push(...modulesOfFile(distDir, chunk.file).filter(isFirebaseModule));
  }
  return found;
}
