import emailjsSdk from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailConfig, startMail } from './mail';
import { MAIL_FAILED_LOG, MAIL_NOT_CONFIGURED_LOG } from './messages';

vi.mock('@emailjs/browser', () => {
  const sdk = { init: vi.fn(), send: vi.fn(), sendForm: vi.fn() };
  return { ...sdk, default: sdk };
});
const sdk = vi.mocked(emailjsSdk);

const KEYS = {
  VITE_EMAILJS_PUBLIC_KEY: 'public-key',
  VITE_EMAILJS_SERVICE_ID: 'service',
  VITE_EMAILJS_CONTACT_TEMPLATE_ID: 'contact-template',
  VITE_EMAILJS_WAITLIST_TEMPLATE_ID: 'waitlist-template',
  VITE_EMAILJS_PREORDER_TEMPLATE_ID: 'preorder-template',
  VITE_EMAILJS_ORIGIN: 'http://127.0.0.1:12112',
};

const form = document.createElement('form');

beforeEach(() => {
  for (const [name, value] of Object.entries(KEYS)) vi.stubEnv(name, value);
  sdk.init.mockReset();
  sdk.send.mockReset().mockResolvedValue({ status: 200, text: 'OK' });
  sdk.sendForm.mockReset().mockResolvedValue({ status: 200, text: 'OK' });
});
afterEach(() => vi.unstubAllEnvs());

describe('mailConfig', () => {
  it('picks each form its template, and the origin when one is set', () => {
    expect(mailConfig('waitlist')).toEqual({
      publicKey: 'public-key',
      serviceId: 'service',
      templateId: 'waitlist-template',
      origin: KEYS.VITE_EMAILJS_ORIGIN,
    });
    expect(mailConfig('preorder')?.templateId).toBe('preorder-template');
    vi.stubEnv('VITE_EMAILJS_ORIGIN', '');
    expect(mailConfig('contact')).toEqual({
      publicKey: 'public-key',
      serviceId: 'service',
      templateId: 'contact-template',
      origin: undefined,
    });
  });

  it.each(['VITE_EMAILJS_PUBLIC_KEY', 'VITE_EMAILJS_SERVICE_ID', 'VITE_EMAILJS_CONTACT_TEMPLATE_ID'])('is null without %s', (name) => {
    vi.stubEnv(name, '');
    expect(mailConfig('contact')).toBeNull();
  });
});

describe('startMail', () => {
  it('sends the contact form with sendForm, after pointing the SDK at the configured origin', async () => {
    const { delivered } = await startMail({ kind: 'contact', fields: { name: 'Ada' }, form });
    expect(sdk.init).toHaveBeenCalledWith({ publicKey: 'public-key', origin: KEYS.VITE_EMAILJS_ORIGIN });
    expect(sdk.sendForm).toHaveBeenCalledWith('service', 'contact-template', form);
    expect(sdk.send).not.toHaveBeenCalled();
    await expect(delivered).resolves.toBe('sent');
  });

  it('sends the waitlist and pre-order fields with send', async () => {
    const fields = { full__name: 'Ada', email: 'ada@example.com' };
    await expect((await startMail({ kind: 'preorder', fields, form })).delivered).resolves.toBe('sent');
    expect(sdk.send).toHaveBeenCalledWith('service', 'preorder-template', fields);
    expect(sdk.sendForm).not.toHaveBeenCalled();
  });

  it('logs a failure with the spec text and resolves "failed" (the submission is already stored)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sdk.send.mockRejectedValue({ status: 500, text: 'Internal Server Error' });
    const { delivered } = await startMail({ kind: 'waitlist', fields: {}, form });
    await expect(delivered).resolves.toBe('failed');
    expect(warn).toHaveBeenCalledWith(MAIL_FAILED_LOG, { status: 500, text: 'Internal Server Error' });
  });

  it('skips the mail with a warning when the keys are missing, without calling EmailJS', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', '');
    await expect((await startMail({ kind: 'contact', fields: {}, form })).delivered).resolves.toBe('skipped');
    expect(warn).toHaveBeenCalledWith(MAIL_NOT_CONFIGURED_LOG);
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.sendForm).not.toHaveBeenCalled();
  });
});
