// The namespaces of one emulator, each made on first use with its rules, and what is kept of them
// between runs: the `dataFile` option's JSON file and the `firebase emulators:export` directory.

import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { compileRules } from './rules-api';
import { Namespace, type Logger, type NamespaceOptions } from './namespace';
import { type ExportJson, normalize } from './tree';
import { EXPORT_DIRECTORY, SAFE_NAME, readExportDirectory, writeExportDirectory } from './export';

interface SavedNamespace {
  data?: ExportJson;
  rules?: string;
}

export class NamespaceTable {
  readonly byName = new Map<string, Namespace>();
  /** Rules given for one namespace (firebase.json's `database` array form, setRules with a name);
   *  every other namespace gets the default rules. */
  private readonly namespaceRules: Map<string, string>;
  /** Namespaces loaded from an import directory: exported even when empty. */
  private readonly imported = new Set<string>();

  /** Throws RulesError when the default rules or a namespace's rules are invalid. */
  constructor(
    private defaultRules: string,
    namespaceRules: Record<string, string>,
    private readonly log: Logger,
    private readonly options: NamespaceOptions,
  ) {
    compileRules(defaultRules); // throws RulesError early
    this.namespaceRules = new Map(Object.entries(namespaceRules));
    for (const [name, text] of this.namespaceRules) {
      try {
        compileRules(text);
      } catch (e) {
        throw new Error(`Rules of namespace ${name}: ${(e as Error).message}`);
      }
    }
  }

  /** The namespaces given rules of their own exist from the start. */
  createNamed(): void {
    for (const name of this.namespaceRules.keys()) this.get(name);
  }

  get(name: string): Namespace {
    let ns = this.byName.get(name);
    if (!ns) {
      ns = new Namespace(name, this.rulesFor(name), this.log, this.options);
      this.byName.set(name, ns);
    }
    return ns;
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Changes with every namespace added and every commit (for persistence). */
  version(): number {
    let v = this.byName.size;
    for (const ns of this.byName.values()) v += ns.version;
    return v;
  }

  /** Replaces the rules of namespace `name`, or (without `name`) the default rules: new namespaces
   *  get them, and so does every namespace still on the previous default. Throws RulesError. */
  setRules(text: string, name?: string): void {
    compileRules(text); // throws RulesError before anything changes
    if (name !== undefined) {
      this.namespaceRules.set(name, text);
      this.get(name).setRules(text);
      return;
    }
    const previous = this.defaultRules;
    this.defaultRules = text;
    for (const [n, ns] of this.byName) if (!this.namespaceRules.has(n) && ns.rulesText === previous) ns.setRules(text);
  }

  /** Loads `<dir>/database_export/<ns>.json` files (the layout of `firebase emulators:export`). */
  importDirectory(dir: string): void {
    for (const [name, data] of readExportDirectory(dir)) {
      this.get(name).load(normalize(data, [], { now: Date.now(), oldRoot: null }));
      this.imported.add(name);
      this.log(`imported namespace ${name} from ${dir}/${EXPORT_DIRECTORY}/${name}.json`);
    }
  }

  /** Writes the namespaces with data (and the imported ones) to `dir` in the layout of
   *  `firebase emulators:export`; returns the namespaces written. */
  exportData(dir: string): string[] {
    const out = new Map<string, ExportJson>();
    for (const [name, ns] of this.byName) {
      if (ns.root === null && !this.imported.has(name)) continue;
      if (SAFE_NAME.test(name)) out.set(name, ns.root);
      else this.log(`namespace ${JSON.stringify(name)} is not a safe file name; not exported`);
    }
    writeExportDirectory(dir, out);
    return [...out.keys()];
  }

  /** The `dataFile` option: `{ "<ns>": { "data": <export json>, "rules": "<text>" } }`, loaded now
   *  when it exists, written every `intervalMs` when changed and by save(). Without a file, save()
   *  does nothing. */
  persistTo(dataFile: string | undefined, intervalMs: number): DataFile {
    let savedVersion = -1;
    if (dataFile && existsSync(dataFile)) {
      this.loadDataFile(dataFile);
      savedVersion = this.version();
    }
    const save = () => {
      if (!dataFile) return;
      const v = this.version();
      if (v === savedVersion) return;
      const out: Record<string, SavedNamespace> = {};
      for (const [name, ns] of this.byName) out[name] = { data: ns.root, rules: ns.rulesText };
      const tmp = `${dataFile}.tmp-${process.pid}`;
      writeFileSync(tmp, JSON.stringify(out));
      renameSync(tmp, dataFile);
      savedVersion = v;
    };
    const timer = dataFile
      ? setInterval(() => {
          try {
            save();
          } catch (e) {
            this.log(`could not write ${dataFile}: ${(e as Error).message}`);
          }
        }, intervalMs)
      : null;
    timer?.unref();
    return { save, stopTimer: () => timer && clearInterval(timer) };
  }

  private loadDataFile(dataFile: string): void {
    const text = readFileSync(dataFile, 'utf8');
    const saved = (text.trim() ? JSON.parse(text) : {}) as Record<string, SavedNamespace>;
    for (const [name, entry] of Object.entries(saved)) {
      let ns: Namespace;
      try {
        ns = new Namespace(name, entry.rules ?? this.rulesFor(name), this.log, this.options);
      } catch (e) {
        this.log(`namespace ${name}: saved rules rejected (${(e as Error).message}); using the default rules`);
        ns = new Namespace(name, this.rulesFor(name), this.log, this.options);
      }
      this.byName.set(name, ns);
      ns.load(normalize(entry.data ?? null, [], { now: Date.now(), oldRoot: null }));
    }
  }

  private rulesFor(name: string): string {
    return this.namespaceRules.get(name) ?? this.defaultRules;
  }
}

export interface DataFile {
  save(): void;
  stopTimer(): void;
}
