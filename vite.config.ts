import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DESKTOP_THRESHOLD_PX } from './src/config/layout.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** Lets Sass `@use 'config:layout'` read the layout numbers the scripts use, so the 768 px
 *  threshold has one source of truth. */
const layoutTokensImporter = {
  canonicalize: (url: string) => (url === 'config:layout' ? new URL('config:layout') : null),
  load: () => ({ contents: `$desktop-threshold: ${DESKTOP_THRESHOLD_PX}px;`, syntax: 'scss' as const }),
};

export default defineConfig({
  plugins: [react()],
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
  build: { target: 'es2022', sourcemap: true },
});
