import { envValue } from './env-value';

/** External destinations. Placeholders until the real URLs are known (docs/decisions/0010-after-sign-up-and-links.md);
 *  each can be overridden at build time with the VITE_ variable named beside it. */
// The e2e tests read these links under Node too, where there is no import.meta.env.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

export const externalLinks = {
  /** VITE_SPACE_MANAGER_URL: the Space manager site people go to after sign-up. Empty = /dashboard. */
  spaceManager: envValue(env.VITE_SPACE_MANAGER_URL) ?? '',
  /** Listed in the sitemap while spaceManager is not configured, so the About group always names
   *  the manager site. */
  spaceManagerPlaceholder: 'https://manager.space.leopard.example.com/',
  idManagement: envValue(env.VITE_ID_MANAGEMENT_URL) ?? 'https://id.example.com/',
  externalSignUp: envValue(env.VITE_EXTERNAL_SIGNUP_URL) ?? 'https://id.example.com/signup',
  scheduling: envValue(env.VITE_SCHEDULING_URL) ?? 'https://calendly.example.com/leopard/specialist',
  vmCrystalwareDemo: envValue(env.VITE_VMCRYSTALWARE_DEMO_URL) ?? 'https://vmcrystalware.example.com/',
  /** A client's live store, linked from the case-studies index. */
  tidewaterSurfStore: 'https://tidewatersurf.example.com/',
  instagram: 'https://www.instagram.com/leopard.software/',
  instagramSpace: 'https://www.instagram.com/leopard.space/',
  linkedIn: 'https://www.linkedin.com/company/leopard-software/',
  supportEmail: 'support@leopard.example.com',
  careersEmail: 'careers@leopard.example.com',
  phone: '+1-619-555-0142',
} as const;
