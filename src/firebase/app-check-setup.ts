/** Which App Check provider a build uses, from its settings (docs/decisions/0124-app-check.md).
 *  No Firebase code: src/firebase/functions.ts reads it on pages that load none. */
import { envValue } from '@/config/env-value';

export type AppCheckSetup = { provider: 'recaptcha-enterprise'; siteKey: string } | { provider: 'debug'; debugToken: string } | null;

/** The provider the build's settings ask for. */
export function appCheckSetup(env: Partial<ImportMetaEnv>): AppCheckSetup {
  const siteKey = envValue(env.VITE_APP_CHECK_SITE_KEY);
  if (env.MODE === 'production') return siteKey && env.VITE_USE_EMULATORS !== 'true' ? { provider: 'recaptcha-enterprise', siteKey } : null;
  const debugToken = envValue(env.VITE_APP_CHECK_DEBUG_TOKEN);
  return debugToken ? { provider: 'debug', debugToken } : null;
}

/** This build's App Check settings, each read by name, never `import.meta.env` whole (which
 *  makes Vite inline every `VITE_*` value). The debug token only outside production builds, where
 *  vite.config.ts also defines it away (docs/decisions/0124-app-check.md). */
export const BUILD_APP_CHECK_SETTINGS: Partial<ImportMetaEnv> = {
  MODE: import.meta.env.MODE,
  VITE_USE_EMULATORS: import.meta.env.VITE_USE_EMULATORS,
  VITE_APP_CHECK_SITE_KEY: import.meta.env.VITE_APP_CHECK_SITE_KEY,
  VITE_APP_CHECK_DEBUG_TOKEN: import.meta.env.PROD ? undefined : import.meta.env.VITE_APP_CHECK_DEBUG_TOKEN,
};

/** Whether this build starts App Check at all. */
export const APP_CHECK_IN_BUILD = appCheckSetup(BUILD_APP_CHECK_SETTINGS) !== null;

/** Reads a current App Check token; given by src/firebase/app-check.ts once App Check has started
 *  on this page, so the modules that send tokens carry none of its code. */
let tokenSource: (() => Promise<string | null>) | null = null;

export function provideAppCheckTokens(source: () => Promise<string | null>): void {
  tokenSource ??= source;
}

/** A current token for a call to our functions, or null when App Check has not started here. */
export function appCheckToken(): Promise<string | null> {
  return tokenSource ? tokenSource() : Promise.resolve(null);
}
