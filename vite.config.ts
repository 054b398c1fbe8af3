import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { hostingPreview } from './scripts/hosting-preview';
import { prerender } from './scripts/prerender';
import { DESKTOP_THRESHOLD_PX } from './src/config/layout';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** Lets Sass `@use 'config:layout'` read the layout numbers the scripts use, so the 768 px
 *  threshold has one source of truth. */
const layoutTokensImporter = {
  canonicalize: (url: string) => (url === 'config:layout' ? new URL('config:layout') : null),
  load: () => ({ contents: `$desktop-threshold: ${DESKTOP_THRESHOLD_PX}px;`, syntax: 'scss' as const }),
};

/** A build for anything but development never carries an App Check debug token, whichever env
 *  file holds one: Vite inlines `VITE_*` values into the public bundle (and all of them where code
 *  reads `import.meta.env` whole), and whoever reads the token passes App Check
 *  (docs/decisions/0124-app-check.md). Defined here, it also leaves the whole-env object. */
const noAppCheckDebugToken: Plugin = {
  name: 'leopard:no-app-check-debug-token',
  config: (_config, { command, mode }) =>
    command === 'build' && mode !== 'development' ? { define: { 'import.meta.env.VITE_APP_CHECK_DEBUG_TOKEN': 'undefined' } } : null,
};

export default defineConfig({
  plugins: [react(), prerender(), hostingPreview(), noAppCheckDebugToken],
  resolve: { alias: { '@': src } },
  css: {
    preprocessorOptions: {
      scss: {
        loadPaths: [`${src}/styles`],
        importers: [layoutTokensImporter],
      },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  // The manifest is the chunk graph (which chunk imports which) and the source maps list each
  // chunk's modules: together they tell the bundle test and `npm run bench:web` which routes load
  // Firebase (scripts/bundle-graph.ts). Hosting does not upload the manifest (`.vite/` matches `**/.*`).
  // One stylesheet for the whole site (10 KiB gzip): a pre-rendered page paints with the rules it
  // uses inlined (scripts/critical-css.ts) and fetches this one file after its first paint; every
  // later page has it cached.
  // The maps are 'hidden': no script links one, and firebase.json's hosting.ignore keeps them off
  // Hosting, so the bundle checks read them and the public never does
  // (docs/decisions/0125-operations-and-cleanup.md).
  build: { target: 'es2022', sourcemap: 'hidden', manifest: true, cssCodeSplit: false },
});
