/** Where the Realtime Database is, and so where its triggers (`staffCounters`, `customerIndex`) must run: Firebase
 *  documents that a database trigger in another region than its database fails to deploy or never
 *  fires. One setting, DATABASE_REGION in functions/.env.<project> (a plain variable, read when
 *  firebase-tools loads the functions to deploy them), checked by `npm run deploy:check` against
 *  VITE_FIREBASE_DATABASE_URL's host
 *  (docs/decisions/0136-pinned-functions-and-limits.md). */

/** The region of every database at <name>.firebaseio.com, and of the functions by default. */
export const DEFAULT_DATABASE_REGION = 'us-central1';

/** DATABASE_REGION as set (empty or unset: the default). */
export function configuredDatabaseRegion(value: string | undefined): string {
  return value?.trim() || DEFAULT_DATABASE_REGION;
}

/** The region a database URL names: <name>.firebaseio.com is us-central1,
 *  <name>.<region>.firebasedatabase.app that region; null for any other address. */
export function regionOfDatabaseUrl(databaseUrl: string): string | null {
  let host: string;
  try {
    host = new URL(databaseUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (/^[a-z0-9-]+\.firebaseio\.com$/.test(host)) return DEFAULT_DATABASE_REGION;
  return /^[a-z0-9-]+\.([a-z0-9-]+)\.firebasedatabase\.app$/.exec(host)?.[1] ?? null;
}
