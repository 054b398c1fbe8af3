import { describe, expect, it } from 'vitest';
import { appCheckSetup } from './app-check-setup';

const KEY = '6Lc-sample-recaptcha-enterprise-key';

describe('appCheckSetup', () => {
  it('a production build with the site key: reCAPTCHA Enterprise', () => {
    expect(appCheckSetup({ MODE: 'production', VITE_APP_CHECK_SITE_KEY: KEY })).toEqual({ provider: 'recaptcha-enterprise', siteKey: KEY });
  });

  it('a production build never takes a debug token', () => {
    expect(appCheckSetup({ MODE: 'production', VITE_APP_CHECK_SITE_KEY: KEY, VITE_APP_CHECK_DEBUG_TOKEN: 'debug' })).toMatchObject({
      provider: 'recaptcha-enterprise',
    });
    expect(appCheckSetup({ MODE: 'production', VITE_APP_CHECK_DEBUG_TOKEN: 'debug' })).toBeNull();
  });

  it('a plain build without the key (empty counts as unset): none', () => {
    expect(appCheckSetup({ MODE: 'production' })).toBeNull();
    expect(appCheckSetup({ MODE: 'production', VITE_APP_CHECK_SITE_KEY: '  ' })).toBeNull();
  });

  it('an emulators build: none, the local stack has no App Check; the debug provider only with a debug token', () => {
    expect(appCheckSetup({ MODE: 'emulators', VITE_USE_EMULATORS: 'true', VITE_APP_CHECK_SITE_KEY: KEY })).toBeNull();
    expect(appCheckSetup({ MODE: 'development', VITE_APP_CHECK_DEBUG_TOKEN: 'registered-debug-token' })).toEqual({
      provider: 'debug',
      debugToken: 'registered-debug-token',
    });
  });
});
