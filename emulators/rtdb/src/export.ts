// Import and export in the layout of `firebase emulators:export` (firebase-tools' hubExport):
//
//   <dir>/firebase-export-metadata.json   {"version": …, "database": {"version": …, "path": "database_export"}, …}
//   <dir>/database_export/<namespace>.json   the namespace's data in export format (priorities kept)
//
// Import reads the database entry of the metadata (firebase-tools skips the import when there is
// no metadata file; so do we, with a warning). Export replaces only the database part of the
// directory: the metadata's other entries (firestore, auth, storage exports of the official
// emulators) and their folders are kept, so one directory can hold a whole suite's export.

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ExportJson } from './tree';

export const METADATA_FILE = 'firebase-export-metadata.json';
export const EXPORT_DIRECTORY = 'database_export';
/** What the metadata says about the database export's producer. */
export const EMULATOR_NAME = '@leopard/rtdb-emulator';
export const EXPORT_VERSION = '1.0.0';

interface Metadata {
  version?: string;
  database?: { version?: string; path?: string };
  [other: string]: unknown;
}

export class ExportError extends Error {}

/** Namespace names that are safe as file names (real ones are lowercase letters, digits and -). */
export const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function readMetadata(dir: string): Metadata | null {
  const file = join(dir, METADATA_FILE);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  try {
    const m = JSON.parse(text) as unknown;
    if (m === null || typeof m !== 'object' || Array.isArray(m)) throw new Error('not an object');
    return m as Metadata;
  } catch (e) {
    throw new ExportError(`Unable to parse metadata file ${file}: ${(e as Error).message}`);
  }
}

/** The namespaces of an export directory and their data. Empty when the directory has no
 *  metadata file or no database export; throws ExportError for unreadable files. */
export function readExportDirectory(
  dir: string,
  warn: (msg: string) => void = (m) => console.error(`[rtdb] ${m}`),
): Map<string, ExportJson> {
  const out = new Map<string, ExportJson>();
  if (!existsSync(dir)) throw new ExportError(`Import directory ${dir} does not exist`);
  const meta = readMetadata(dir);
  if (meta === null) {
    warn(`Could not find import/export metadata file ${join(dir, METADATA_FILE)}, skipping data import`);
    return out;
  }
  if (!meta.database) return out;
  const sub = join(dir, typeof meta.database.path === 'string' ? meta.database.path : EXPORT_DIRECTORY);
  if (!existsSync(sub)) throw new ExportError(`The metadata names ${sub}, which does not exist`);
  for (const f of readdirSync(sub)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = join(sub, f);
    const text = readFileSync(file, 'utf8');
    try {
      out.set(basename(f, '.json'), text.trim() === '' ? null : (JSON.parse(text) as ExportJson));
    } catch (e) {
      throw new ExportError(`${file} is not valid JSON: ${(e as Error).message}`);
    }
  }
  return out;
}

/** Writes `data` (namespace → export-format data) to `dir`: a fresh database_export folder
 *  (swapped in whole, so a reader never sees half of it) and the metadata's database entry. */
export function writeExportDirectory(dir: string, data: Map<string, ExportJson>): void {
  for (const name of data.keys()) {
    if (!SAFE_NAME.test(name)) throw new ExportError(`Namespace "${name}" cannot be a file name; not exported`);
  }
  mkdirSync(dir, { recursive: true });
  const meta: Metadata = readMetadata(dir) ?? {};
  const tmp = join(dir, `.${EXPORT_DIRECTORY}.tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  for (const [name, root] of data) writeFileSync(join(tmp, `${name}.json`), JSON.stringify(root));
  const target = join(dir, EXPORT_DIRECTORY);
  const old = join(dir, `.${EXPORT_DIRECTORY}.old-${process.pid}`);
  if (existsSync(target)) renameSync(target, old);
  renameSync(tmp, target);
  rmSync(old, { recursive: true, force: true });
  const out: Metadata = {
    ...meta,
    version: meta.version ?? EXPORT_VERSION,
    database: { version: `${EMULATOR_NAME}@${EXPORT_VERSION}`, path: EXPORT_DIRECTORY },
  };
  const metaFile = join(dir, METADATA_FILE);
  writeFileSync(`${metaFile}.tmp-${process.pid}`, JSON.stringify(out, null, 2));
  renameSync(`${metaFile}.tmp-${process.pid}`, metaFile);
}
