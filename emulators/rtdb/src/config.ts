// firebase.json, read like firebase-tools reads it for `firebase emulators:start`:
//   emulators.database.port / .host          where to listen
//   database.rules                           single form: { "rules": "database.rules.json" }, the
//                                            rules of <project>-default-rtdb only (firebase-tools'
//                                            database/rulesConfig.js); other namespaces allow all
//   database: [{ "instance": "<ns>", "rules": "…" }, { "target": "<t>", "rules": "…" }]
//                                            array form: rules per namespace (a target is looked
//                                            up in .firebaserc for the project)
// The project is --project, else $GCLOUD_PROJECT, else .firebaserc's default.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stripJsonComments } from './jsonc';

export interface RulesSource {
  /** Absolute path of the rules file. */
  file: string;
  /** The namespace it is for. */
  instance: string;
  /** From the single form `{"database": {"rules": …}}`: `instance` is the resolved default
   *  instance `<project>-default-rtdb`, as firebase-tools resolves it. */
  single?: boolean;
}

/** The project id firebase-tools uses when none is given (`EmulatorHub.MISSING_PROJECT_PLACEHOLDER`). */
export const MISSING_PROJECT = 'demo-no-project';

/** The instance firebase-tools gives the single form's rules: `<project>-default-rtdb`. */
export const defaultInstanceOf = (project: string | undefined): string => `${project ?? MISSING_PROJECT}-default-rtdb`;

export interface ProjectConfig {
  /** Absolute path of the firebase.json read. */
  file: string;
  port?: number;
  host?: string;
  project?: string;
  /** emulators.functions as "host:port" (firebase-tools' Functions emulator), when configured. */
  functions?: string;
  rules: RulesSource[];
  /** Things the developer should know (printed at start). */
  warnings: string[];
}

export class ConfigError extends Error {}

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(stripJsonComments(text));
  } catch (e) {
    throw new ConfigError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The project and database targets of .firebaserc beside firebase.json, if there is one. */
function readFirebaserc(dir: string): { defaultProject?: string; targets: Record<string, Record<string, string[]>> } {
  const file = join(dir, '.firebaserc');
  if (!existsSync(file)) return { targets: {} };
  const rc = readJson(file);
  if (!isRecord(rc)) return { targets: {} };
  const projects = isRecord(rc.projects) ? rc.projects : {};
  const targets: Record<string, Record<string, string[]>> = {};
  if (isRecord(rc.targets)) {
    for (const [project, byType] of Object.entries(rc.targets)) {
      if (isRecord(byType) && isRecord(byType.database)) {
        targets[project] = Object.fromEntries(
          Object.entries(byType.database).map(([t, list]) => [
            t,
            Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [],
          ]),
        );
      }
    }
  }
  return { defaultProject: typeof projects.default === 'string' ? projects.default : undefined, targets };
}

/** Reads `file` (a firebase.json). `project` overrides .firebaserc's default project. */
export function readFirebaseJson(file: string, project?: string): ProjectConfig {
  const abs = resolve(file);
  const dir = dirname(abs);
  const json = readJson(abs);
  if (!isRecord(json)) throw new ConfigError(`${abs} must contain a JSON object`);
  const rc = readFirebaserc(dir);
  const config: ProjectConfig = { file: abs, rules: [], warnings: [], project: project || process.env.GCLOUD_PROJECT || rc.defaultProject };

  const emulators = isRecord(json.emulators) ? json.emulators : {};
  const database = isRecord(emulators.database) ? emulators.database : {};
  if (database.port !== undefined) {
    const port = Number(database.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${abs}: emulators.database.port must be a port number`);
    config.port = port;
  }
  if (database.host !== undefined) {
    if (typeof database.host !== 'string' || database.host === '')
      throw new ConfigError(`${abs}: emulators.database.host must be a string`);
    config.host = database.host;
  }

  if (isRecord(emulators.functions)) {
    const f = emulators.functions;
    const port = f.port === undefined ? 5001 : Number(f.port);
    if (!Number.isInteger(port) || port <= 0 || port > 65535)
      throw new ConfigError(`${abs}: emulators.functions.port must be a port number`);
    // A wildcard bind address is reached on the loopback.
    const fhost = typeof f.host === 'string' && f.host !== '' && f.host !== '0.0.0.0' && f.host !== '::' ? f.host : '127.0.0.1';
    config.functions = `${fhost.includes(':') ? `[${fhost}]` : fhost}:${port}`;
  }

  const db = json.database;
  const rulesPath = (v: unknown, where: string): string => {
    if (typeof v !== 'string' || v === '') throw new ConfigError(`${abs}: ${where}.rules must be the path of a rules file`);
    const p = resolve(dir, v);
    if (!existsSync(p)) throw new ConfigError(`${abs}: ${where}.rules names ${p}, which does not exist`);
    return p;
  };
  if (isRecord(db)) {
    if (db.rules !== undefined) {
      if (!config.project) {
        config.warnings.push(
          `no project (--project, $GCLOUD_PROJECT or .firebaserc): database.rules go to namespace ${defaultInstanceOf(undefined)}`,
        );
      }
      config.rules.push({ file: rulesPath(db.rules, 'database'), instance: defaultInstanceOf(config.project), single: true });
    }
  } else if (Array.isArray(db)) {
    db.forEach((entry, i) => {
      const where = `database[${i}]`;
      if (!isRecord(entry)) throw new ConfigError(`${abs}: ${where} must be an object`);
      if (entry.rules === undefined) return;
      const file = rulesPath(entry.rules, where);
      if (typeof entry.instance === 'string' && entry.instance !== '') {
        config.rules.push({ file, instance: entry.instance });
      } else if (typeof entry.target === 'string' && entry.target !== '') {
        const instances = config.project ? rc.targets[config.project]?.[entry.target] : undefined;
        if (!instances || instances.length === 0) {
          config.warnings.push(
            `${where}: target "${entry.target}" has no instances in .firebaserc for project ${config.project ?? '(none; pass --project)'}; its rules are not loaded`,
          );
          return;
        }
        for (const instance of instances) config.rules.push({ file, instance });
      } else {
        throw new ConfigError(`${abs}: ${where} must have "instance" or "target"`);
      }
    });
  } else if (db !== undefined) {
    throw new ConfigError(`${abs}: "database" must be an object or an array`);
  }
  if (!config.rules.length) {
    config.warnings.push(`${abs} names no Realtime Database rules file; every namespace allows all reads and writes`);
  }
  return config;
}
