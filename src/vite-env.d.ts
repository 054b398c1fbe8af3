/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SPACE_MANAGER_URL?: string;
  readonly VITE_ID_MANAGEMENT_URL?: string;
  readonly VITE_EXTERNAL_SIGNUP_URL?: string;
  readonly VITE_SCHEDULING_URL?: string;
  readonly VITE_VMCRYSTALWARE_DEMO_URL?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_DATABASE_URL?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_DATABASE_EMULATOR_HOST?: string;
  readonly VITE_FUNCTIONS_URL?: string;
  readonly VITE_TOKEN_SYNC_URL?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_APP_CHECK_SITE_KEY?: string;
  readonly VITE_APP_CHECK_DEBUG_TOKEN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
