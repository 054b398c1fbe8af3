import type { ViteUserConfig } from 'vitest/config';

/** The Vitest config of a Node suite of the local services (and of the database rules' matrix):
 *  rooted at `folder`, its Vite cache under `node_modules/.vite/<name>`, in Node, files in parallel
 *  and each file's tests in order, no retries, no `.only`, no empty run. `test` and `vite` add to
 *  or replace these. */
export function nodeSuite(
  folder: URL,
  test: NonNullable<ViteUserConfig['test']> & { name: string },
  vite?: Omit<ViteUserConfig, 'test'>,
): ViteUserConfig;
