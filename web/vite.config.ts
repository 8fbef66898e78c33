import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/auth', '/media', '/sandbox-pay'].map((p) => [p, api]),
    ),
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
});
