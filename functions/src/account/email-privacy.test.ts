// The Auth emulator as the local stack sets it up (emulators/auth-email-privacy.ts), asked through
// its REST API what a production project with email enumeration protection answers: no sign-in
// method list and one answer for a wrong password and an unknown address
// (docs/decisions/0118-email-change-by-verified-link.md). The emulator still accepts updateEmail
// with the setting on, where production refuses it: the site never calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableEmailPrivacy } from '../../../emulators/auth-email-privacy';
import { startAuthEmulator, type RunningAuth } from '../testing/auth-emulator.testing';

const PROJECT = 'demo-email-privacy';
let auth: RunningAuth;

beforeAll(async () => {
  auth = await startAuthEmulator(PROJECT);
}, 120_000);
afterAll(() => auth.stop(), 30_000);

async function toolkit(method: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${auth.url}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const message = (answer: { json: Record<string, unknown> }) => (answer.json.error as { message?: string } | undefined)?.message;

describe('the Auth emulator with email privacy on', () => {
  it('tells nothing about which addresses have accounts', async () => {
    const email = 'someone@example.com';
    const created = await toolkit('signUp', { email, password: 'right-password', returnSecureToken: true });
    expect(created.status).toBe(200);
    // Off, as the emulator starts: the answers differ, and the methods are listed.
    expect(message(await toolkit('signInWithPassword', { email, password: 'wrong-password' }))).toBe('INVALID_PASSWORD');
    expect((await toolkit('createAuthUri', { identifier: email, continueUri: 'http://127.0.0.1/' })).json.signinMethods).toEqual([
      'password',
    ]);

    await enableEmailPrivacy(auth.url, PROJECT);
    const config = (await fetch(`${auth.url}/emulator/v1/projects/${PROJECT}/config`).then((response) => response.json())) as {
      emailPrivacyConfig: { enableImprovedEmailPrivacy: boolean };
    };
    expect(config.emailPrivacyConfig.enableImprovedEmailPrivacy).toBe(true);

    const wrongPassword = await toolkit('signInWithPassword', { email, password: 'wrong-password' });
    const unknownAddress = await toolkit('signInWithPassword', { email: 'nobody@example.com', password: 'wrong-password' });
    expect([message(wrongPassword), message(unknownAddress)]).toEqual(['INVALID_LOGIN_CREDENTIALS', 'INVALID_LOGIN_CREDENTIALS']);
    const uri = await toolkit('createAuthUri', { identifier: email, continueUri: 'http://127.0.0.1/' });
    expect(uri.status).toBe(200);
    expect(uri.json.signinMethods).toBeUndefined();
    expect(uri.json.registered).toBeUndefined();
  });
});
