// Every function firebase-tools would deploy carries a time limit and an instance cap from
// limits.ts, read where firebase-tools reads them: the endpoint each export describes.
import { describe, expect, it, vi } from 'vitest';
import { FUNCTION_LIMITS } from './limits';

interface Endpoint {
  timeoutSeconds?: unknown;
  maxInstances?: unknown;
  region?: unknown;
}

async function deployedEndpoints(env: Record<string, string> = {}): Promise<Record<string, Endpoint>> {
  // Under the emulator's flag, so the emulator-only `health` is exported and checked too.
  vi.stubEnv('FUNCTIONS_EMULATOR', 'true');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  try {
    const exported: Record<string, unknown> = await import('./index');
    return Object.fromEntries(
      Object.entries(exported)
        .filter(([, value]) => typeof value === 'function' && '__endpoint' in value)
        .map(([name, value]) => [name, (value as unknown as { __endpoint: Endpoint }).__endpoint]),
    );
  } finally {
    vi.unstubAllEnvs();
  }
}

// Each test loads every function's module afresh (firebase-admin, stripe and all): seconds of CPU
// that a full run shares with other workers, more than the default 5 s allows.
describe('the functions’ limits', { timeout: 30_000 }, () => {
  it('sets a time limit and an instance cap on every exported function, from the table', async () => {
    const endpoints = await deployedEndpoints();
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(FUNCTION_LIMITS).sort());
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const chosen = FUNCTION_LIMITS[name as keyof typeof FUNCTION_LIMITS];
      expect({ name, timeoutSeconds: endpoint.timeoutSeconds, maxInstances: endpoint.maxInstances }).toEqual({ name, ...chosen });
    }
  });

  it('runs the database trigger in DATABASE_REGION, the region of the database, and leaves the site’s endpoints where the site calls them', async () => {
    const moved = await deployedEndpoints({ DATABASE_REGION: 'europe-west1' });
    for (const trigger of ['staffCounters', 'staffPlanFigures', 'staffCustomerCount', 'customerIndex'])
      expect(moved[trigger]!.region).toEqual(['europe-west1']);
    expect(moved.stripeCheckout.region).toBeUndefined();
    const unset = await deployedEndpoints({ DATABASE_REGION: '' });
    expect(unset.staffCounters.region).toEqual(['us-central1']);
  });

  it('keeps every limit within what Cloud Functions accepts for its kind', () => {
    // HTTP functions up to 3600 s, event triggers 540 s, scheduled functions 1800 s (firebase-tools' validate.ts).
    const scheduled = new Set(['termNotices', 'cleanup']);
    const triggers = new Set(['staffCounters', 'staffPlanFigures', 'staffCustomerCount']);
    for (const [name, { timeoutSeconds, maxInstances }] of Object.entries(FUNCTION_LIMITS)) {
      const ceiling = scheduled.has(name) ? 1800 : triggers.has(name) ? 540 : 3600;
      expect(timeoutSeconds, name).toBeLessThanOrEqual(ceiling);
      expect(maxInstances, name).toBeGreaterThanOrEqual(1);
    }
    // A scheduled job never overlaps its previous run.
    expect([FUNCTION_LIMITS.termNotices.maxInstances, FUNCTION_LIMITS.cleanup.maxInstances]).toEqual([1, 1]);
  });
});
