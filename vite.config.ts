import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { hostingPreview } from './scripts/hosting-preview.ts';
import { prerender } from './scripts/prerender.ts';
import { DESKTOP_THRESHOLD_PX } from './src/config/layout.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** Lets Sass `@use 'config:layout'` read the layout numbers the scripts use, so the 768 px
 *  threshold has one source of truth. */
const layoutTokensImporter = {
  canonicalize: (url: string) => (url === 'config:layout' ? new URL('config:layout') : null),
  load: () => ({ contents: `$desktop-threshold: ${DESKTOP_THRESHOLD_PX}px;`, syntax: 'scss' as const }),
};

export default defineConfig({
  plugins: [react(), prerender(), hostingPreview()],
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
  // One stylesheet for the whole site (8 KiB gzip): a pre-rendered page then waits for one CSS
  // request before its first paint instead of one per component, and every later page has it cached.
  build: { target: 'es2022', sourcemap: true, manifest: true, cssCodeSplit: false },
});
