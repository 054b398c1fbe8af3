import { afterAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, APP_CHECK_REFUSAL, withAppCheck, type AppCheckVerifier } from './app-check';
import { applyCors } from './http';
import { post, testServers } from './http.testing';

const SITE = 'https://leopard.test';
const servers = testServers();
afterAll(() => servers.closeAll());

// App Check cannot run locally (it needs Google's attestation), so its verifier is the one part given here.
const verifier: AppCheckVerifier = {
  verifyToken: (token: string) =>
    token === 'valid-app-check-token' ? Promise.resolve({ appId: 'web', token: {} as never }) : Promise.reject(new Error('invalid')),
};

let reached = 0;
/** A function behind App Check that answers 200 and counts what got through. */
function serve(enforced: AppCheckVerifier | null) {
  return servers.serve(
    'guarded',
    withAppCheck(
      () => enforced,
      () => [SITE],
      async (request, response) => {
        if (applyCors(request, response, [SITE], 'POST, OPTIONS') === 'answered') return;
        reached += 1;
        response.status(200).json({ statusCode: 200, data: { ok: true } });
      },
    ),
  );
}

describe('withAppCheck', () => {
  it('where enforced: no token, a forged one or a replayed invalid one → 401 with the CORS header, the function untouched', async () => {
    const url = await serve(verifier);
    reached = 0;
    for (const headers of [{}, { [APP_CHECK_HEADER]: 'forged' }, { [APP_CHECK_HEADER]: '' }] as Record<string, string>[]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Origin: SITE, 'Content-Type': 'application/json', ...headers },
        body: '{}',
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
      expect(await response.json()).toEqual({ statusCode: 401, error: { message: APP_CHECK_REFUSAL } });
    }
    expect(reached).toBe(0);
  });

  it('where enforced: a valid token goes through; a preflight needs none', async () => {
    const url = await serve(verifier);
    reached = 0;
    expect((await post(url, {}, { Origin: SITE, [APP_CHECK_HEADER]: 'valid-app-check-token' })).status).toBe(200);
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(APP_CHECK_HEADER);
    expect(reached).toBe(1);
  });

  it('another origin is refused as before, token or not', async () => {
    const url = await serve(verifier);
    expect((await post(url, {}, { Origin: 'https://evil.test' })).status).toBe(403);
  });

  it('not enforced (the local stack): every request reaches the function', async () => {
    const url = await serve(null);
    reached = 0;
    expect((await post(url, {}, { Origin: SITE })).status).toBe(200);
    expect(reached).toBe(1);
  });
});
