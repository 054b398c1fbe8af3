// The preflight's region check: the database trigger must run where the database is.
import { describe, expect, it } from 'vitest';
import { regionOfDatabaseUrl } from '../src/config/database-region';
import { checkDatabaseRegion } from './deploy-checks';

const PROJECT = 'leopard-prod-sample';
const site = (databaseUrl: string) => ({ VITE_FIREBASE_DATABASE_URL: databaseUrl });
const EUROPE = `https://${PROJECT}-default-rtdb.europe-west1.firebasedatabase.app`;
const US = `https://${PROJECT}-default-rtdb.firebaseio.com`;

describe('the database’s region', () => {
  it('reads it from the database URL’s host, as Firebase names them', () => {
    expect(regionOfDatabaseUrl(US)).toBe('us-central1');
    expect(regionOfDatabaseUrl(`${EUROPE}/`)).toBe('europe-west1');
    expect(regionOfDatabaseUrl('https://x-default-rtdb.asia-southeast1.firebasedatabase.app')).toBe('asia-southeast1');
    expect(regionOfDatabaseUrl('https://db.example.com')).toBeNull();
    expect(regionOfDatabaseUrl('not a url')).toBeNull();
  });

  it('passes a database in us-central1 with no setting, and one elsewhere with DATABASE_REGION naming it', () => {
    expect(checkDatabaseRegion({}, site(US), PROJECT)).toEqual([]);
    expect(checkDatabaseRegion({ DATABASE_REGION: 'europe-west1' }, site(EUROPE), PROJECT)).toEqual([]);
  });

  it('refuses a database outside us-central1 when the trigger would stay in the default region', () => {
    expect(checkDatabaseRegion({}, site(EUROPE), PROJECT)).toEqual([
      {
        cause:
          'The database is in europe-west1 (VITE_FIREBASE_DATABASE_URL), but its trigger staffCounters would run in us-central1 (the default): a trigger in another region than its database fails to deploy or never fires.',
        fix: `Set DATABASE_REGION=europe-west1 in functions/.env.${PROJECT}.`,
      },
    ]);
  });

  it('refuses a DATABASE_REGION that names another region than the database’s', () => {
    expect(checkDatabaseRegion({ DATABASE_REGION: 'europe-west1' }, site(US), PROJECT).map((finding) => finding.fix)).toEqual([
      `Set DATABASE_REGION=us-central1 in functions/.env.${PROJECT}.`,
    ]);
  });
});
