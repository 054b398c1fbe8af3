// Plain JavaScript, not TypeScript: a Vitest config imports this by the package's name, Vite's
// config loader leaves a package it finds in node_modules to Node, and Node 20 runs no .ts
// (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-one-preset-for-the-node-suites).
import { fileURLToPath } from 'node:url';

/** @type {import('./vitest-suite.config.d.mts').nodeSuite} */
export function nodeSuite(folder, test, vite = {}) {
  const root = fileURLToPath(folder);
  return {
    root,
    // Vite's cache in the node_modules Vitest runs from, not beside the sources.
    cacheDir: fileURLToPath(new URL(`../.vite/${test.name}`, import.meta.resolve('vitest/package.json'))),
    ...vite,
    test: {
      root,
      environment: 'node',
      // Each file starts its own service (or works in its own namespace), so files run side by
      // side, and the tests inside one file, which share that file's clients, one after another.
      pool: 'forks',
      fileParallelism: true,
      sequence: { concurrent: false, shuffle: false },
      testTimeout: 15_000,
      hookTimeout: 20_000,
      teardownTimeout: 10_000,
      // A failing service must never turn into a silently retried or skipped green run.
      retry: 0,
      allowOnly: false,
      passWithNoTests: false,
      ...test,
    },
  };
}
