import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

export default defineConfig({
  // The router plugin must run before the React plugin so it can split route files first.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    tailwindcss(),
  ],
  // Both builds (the app's and the prerender's) read it, so the prerendered footer and the hydrating
  // render agree on the year.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    // Workspace packages (@coseso/domain) export their TypeScript sources under the 'source' condition.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The build's prerender of `/` (scripts/prerender-landing.mjs) runs the same sources in Node.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: { manifest: true },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
});
