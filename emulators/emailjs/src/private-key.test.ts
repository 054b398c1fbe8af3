// The EmailJS stand-in's private-key check, as EmailJS applies the account's private key
// (`accessToken`): the key the server mail module sends is taken, any other is refused with
// EmailJS's 403, and calls without one are taken unless the stand-in requires the key.
import { afterEach, describe, expect, it } from 'vitest';
import { PRIVATE_KEY_REQUIRED_TEXT, SEND_FORM_PATH, SEND_PATH, WRONG_PRIVATE_KEY_TEXT, start, type RunningEmailJs } from './index';

const KEY = 'emailjs_private_stand_in_test';
const ids = { user_id: 'public-key', service_id: 'service', template_id: 'template' };
const params = { to_email: 'ada@example.com', subject: 'Hi', message_text: 'Hello', message_html: '<p>Hello</p>' };
let running: RunningEmailJs | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function send(body: unknown) {
  const response = await fetch(`${running!.url}${SEND_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return [response.status, await response.text()];
}

async function sendForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${running!.url}${SEND_FORM_PATH}`, { method: 'POST', body: form });
  return [response.status, await response.text()];
}

describe('the EmailJS stand-in with a private key', () => {
  it('takes a call carrying the private key and shows its template parameters at /__received', async () => {
    running = await start({ port: 0, quiet: true, privateKey: KEY });
    expect(await send({ ...ids, accessToken: KEY, template_params: params })).toEqual([200, 'OK']);
    const listed = (await (await fetch(`${running.url}/__received`)).json()) as unknown[];
    expect(listed).toEqual([{ endpoint: 'send', receivedAt: expect.any(String), ...ids, withPrivateKey: true, params }]);
  });

  it('refuses a wrong private key as EmailJS does, on both endpoints, and keeps nothing', async () => {
    running = await start({ port: 0, quiet: true, privateKey: KEY });
    expect(await send({ ...ids, accessToken: 'guessed', template_params: params })).toEqual([403, WRONG_PRIVATE_KEY_TEXT]);
    expect(await sendForm({ ...ids, accessToken: 'guessed', name: 'Ada' })).toEqual([403, WRONG_PRIVATE_KEY_TEXT]);
    expect(running.received()).toEqual([]);
  });

  it('still takes a call without a key (the browser forms), marked as such', async () => {
    running = await start({ port: 0, quiet: true, privateKey: KEY });
    expect(await send({ ...ids, template_params: params })).toEqual([200, 'OK']);
    expect(await sendForm({ ...ids, name: 'Ada' })).toEqual([200, 'OK']);
    expect(running.received().map((mail) => mail.withPrivateKey)).toEqual([false, false]);
  });

  it('with requirePrivateKey, refuses a call that has no key: only the key holder can send', async () => {
    running = await start({ port: 0, quiet: true, privateKey: KEY, requirePrivateKey: true });
    expect(await send({ ...ids, template_params: params })).toEqual([403, PRIVATE_KEY_REQUIRED_TEXT]);
    expect(await send({ ...ids, accessToken: '', template_params: params })).toEqual([403, PRIVATE_KEY_REQUIRED_TEXT]);
    expect(await sendForm({ ...ids, name: 'Ada' })).toEqual([403, PRIVATE_KEY_REQUIRED_TEXT]);
    expect(await send({ ...ids, accessToken: KEY, template_params: params })).toEqual([200, 'OK']);
    expect(running.received()).toHaveLength(1);
  });

  it('cannot require a key it was not given', async () => {
    await expect(start({ port: 0, quiet: true, requirePrivateKey: true })).rejects.toThrow(/privateKey/);
  });

  it('without a private key of its own, takes any key (as before)', async () => {
    running = await start({ port: 0, quiet: true });
    expect(await send({ ...ids, accessToken: 'anything', template_params: params })).toEqual([200, 'OK']);
    expect(running.received()[0]!.withPrivateKey).toBe(true);
  });
});
