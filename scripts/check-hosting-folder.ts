/**
 * The last stage of `npm test`: the folder Hosting serves holds no emulators build, whatever the
 * suites built (docs/decisions/0123-deploy-path-and-build-folders.md). An empty or missing folder
 * passes, and so does a production build; a build with the local stack's addresses, its demo keys
 * or the emulator flag fails, naming the file.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { HOSTING_FOLDER } from './build-folders';
import { readBuild } from './deploy-check';
import { checkBuild } from './deploy-checks';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = readBuild(join(root, HOSTING_FOLDER));
// Without .env.production's key to look for, only what must never be there is checked.
const findings = files && files.length > 0 ? checkBuild(files, null, HOSTING_FOLDER) : [];
if (findings.length > 0) {
  console.error(`${HOSTING_FOLDER}/, the folder Hosting serves, holds an emulators build:`);
  for (const { cause } of findings) console.error(`  ✗ ${cause}`);
  console.error(
    `Emulators builds go to node_modules/.cache/leopard-stack/ (scripts/build-folders.ts); delete ${HOSTING_FOLDER}/ or run \`npm run build\`.`,
  );
  process.exit(1);
}
console.log(`${HOSTING_FOLDER}/: ${files === null ? 'no build' : `${files.length} files, no emulators build`}.`);
