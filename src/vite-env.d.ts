/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SPACE_MANAGER_URL?: string;
  readonly VITE_ID_MANAGEMENT_URL?: string;
  readonly VITE_EXTERNAL_SIGNUP_URL?: string;
  readonly VITE_SCHEDULING_URL?: string;
  readonly VITE_DELETE_ACCOUNT_URL?: string;
  readonly VITE_VMCRYSTALWARE_DEMO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

