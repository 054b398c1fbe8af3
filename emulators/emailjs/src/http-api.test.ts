// The stand-in speaks EmailJS's HTTP API: its two sending calls, the 400 for a missing id, CORS
// for an allowed page's preflight, and the failure rules tests set through /__control.
import { afterEach, describe, expect, it } from 'vitest';
import { SEND_FORM_PATH, SEND_PATH, start, type RunningEmailJs } from './index';

let emailjs: RunningEmailJs | undefined;

afterEach(async () => {
  await emailjs?.stop();
  emailjs = undefined;
});

describe('the EmailJS stand-in speaks EmailJS HTTP API', () => {
  it('send, send-form, the 400 for a missing id, CORS, and failure rules', async () => {
    const running = await start({ port: 0, quiet: true });
    emailjs = running;
    const ids = { user_id: 'public-key', service_id: 'service', template_id: 'template' };
    const send = (body: unknown) =>
      fetch(`${running.url}${SEND_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const sendForm = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return fetch(`${running.url}${SEND_FORM_PATH}`, { method: 'POST', body: form });
    };

    let response = await send({ ...ids, lib_version: '4.4.1', template_params: { full__name: 'A', email: 'a@example.com' } });
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    response = await sendForm({ ...ids, lib_version: '4.4.1', name: '<b>B</b>', message: 'hi' });
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    expect(running.received()).toEqual([
      {
        endpoint: 'send',
        receivedAt: expect.any(String),
        ...ids,
        lib_version: '4.4.1',
        withPrivateKey: false,
        params: { full__name: 'A', email: 'a@example.com' },
      },
      {
        endpoint: 'send-form',
        receivedAt: expect.any(String),
        ...ids,
        lib_version: '4.4.1',
        withPrivateKey: false,
        params: { name: '<b>B</b>', message: 'hi' },
      },
    ]);

    for (const missing of ['user_id', 'service_id', 'template_id'] as const) {
      const partial = { ...ids, [missing]: '' };
      for (const answer of [await send(partial), await sendForm(partial)]) {
        expect([answer.status, await answer.text()]).toEqual([400, `The ${missing} parameter is required`]);
      }
    }
    expect(running.received()).toHaveLength(2);

    const preflight = await fetch(`${running.url}/api/v1.0/email/send`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4173' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);

    const control = await fetch(`${running.url}/__control`, {
      method: 'POST',
      body: JSON.stringify({ status: 500, match: { email: 'x@example.com' }, times: 1 }),
    });
    expect(control.status).toBe(200);
    response = await send({ ...ids, template_params: { email: 'x@example.com' } });
    expect(response.status).toBe(500);
    response = await send({ ...ids, template_params: { email: 'y@example.com' } });
    expect(response.status).toBe(200);
    response = await send({ ...ids, template_params: { email: 'x@example.com' } });
    expect(response.status).toBe(200); // `times: 1` is used up
    expect((await (await fetch(`${running.url}/__received`)).json()) as unknown[]).toHaveLength(4);
    expect((await fetch(`${running.url}/__control`, { method: 'POST', body: '{"status": 200}' })).status).toBe(400);

    running.reset();
    expect(running.received()).toEqual([]);
  });

  it('answers a body over its limit with 413 and keeps nothing', async () => {
    const running = await start({ port: 0, quiet: true });
    emailjs = running;
    const response = await fetch(`${running.url}${SEND_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: 'a', service_id: 'b', template_id: 'c', template_params: { text: 'x'.repeat(3 * 1024 * 1024) } }),
    });
    expect([response.status, await response.text()]).toEqual([413, 'The request is too large']);
    expect(running.received()).toEqual([]);
  });
});
