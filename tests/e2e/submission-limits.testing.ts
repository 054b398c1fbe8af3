/**
 * The `submitForm` function counts at most 20 submissions a day per client address
 * (docs/decisions/0111-submissions-through-the-server.md), and every browser of the e2e suite is
 * 127.0.0.1: a test that sends a form starts from a clean count of the address, cleared here with
 * the Admin SDK. The per-visitor and per-recipient counts are left alone: each test's browser is a
 * new anonymous visitor and each test mails its own addresses, and the limit tests running beside
 * others need their own counts to hold.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { DATABASE_URL, HOST, PORTS, PROJECT_ID } from '../../emulators/local-config';

const ADDRESS_BUCKET = 'rate_limits/submission-address';

function admin() {
  process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= `${HOST}:${PORTS.database}`;
  const app =
    getApps().find((existing) => existing.name === 'submission-limits') ??
    initializeApp({ projectId: PROJECT_ID, databaseURL: DATABASE_URL }, 'submission-limits');
  return getDatabase(app);
}

export async function clearSubmissionLimits(): Promise<void> {
  const database = admin();
  await database.ref(ADDRESS_BUCKET).remove();
}
