import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.TELLER_DEV_GATEWAY ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/connect', '/files', '/dev', '/config.json'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: gateway, changeOrigin: false }])),
  },
});
