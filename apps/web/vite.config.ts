import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The strict CSP (script-src 'self') forbids inline scripts; keep every script an external file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other libraries
        // (MUI above all) are split by the screens that use them, so the sign-in route loads only its share.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The API that `npm run dev` starts beside Vite listens on PORT, as the server reads it.
    proxy: { '/api': `http://localhost:${process.env.PORT || 3000}` },
  },
  preview: { port: 4173 },
});
