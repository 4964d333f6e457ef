import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // index.html's scripts, style sheets and <meta property="csp-nonce"> carry this placeholder; the server
  // replaces it with a fresh nonce per answer (server/src/platform/webApp.ts), named in its CSP header.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    chunkSizeWarningLimit: 1500,
  },
});
