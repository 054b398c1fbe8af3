/**
 * Where builds go (docs/decisions/0123-deploy-path-and-build-folders.md). Hosting serves one
 * folder, firebase.json's `hosting.public`, and only a production build made by the deploy path
 * (`npm run deploy:build`) or a plain `npm run build` ever goes there. A `--mode emulators` build
 * holds the local stack's addresses and demo keys, so it goes beside that stack's other generated
 * files, under node_modules/.cache, which Hosting never serves: a later `firebase deploy` cannot
 * publish it.
 */

/** The folder Hosting serves (firebase.json `hosting.public`; a unit test keeps them equal). */
export const HOSTING_FOLDER = 'dist';
