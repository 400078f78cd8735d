import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { formValidatorsPlugin } from './scripts/compile-form-validators.ts';
import { configCheckPlugin } from './scripts/config-check-plugin.ts';
import { firstPaintPlugin } from './scripts/first-paint.ts';
import { mantineComponentStyles } from './scripts/mantine-styles.ts';
import { mantineUseId } from './scripts/mantine-use-id.ts';
import { precompressPlugin } from './scripts/precompress.ts';
import { routeChunks } from './scripts/route-chunks.ts';

const gateway = process.env.TELLER_DEV_GATEWAY ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/connect', '/files', '/dev', '/config.json'];

export default defineConfig({
  // formValidatorsPlugin: schemas/forms/*.json -> src/generated/validators/*.js (precompiled, no eval in the browser);
  // mantineComponentStyles: each chunk brings the CSS of the Mantine components it uses; firstPaintPlugin: dist/login.html
  // and dist/index.html paint the sign-in card or a screen's frame before the app runs; precompressPlugin: dist/ files
  // get their .br and .gz beside them; mantineUseId: Mantine's fields take React's useId, not one set after mount;
  // configCheckPlugin (dev only): a saved config file re-runs check:config; a mistake shows as the error overlay.
  plugins: [react(), formValidatorsPlugin(), mantineUseId(), mantineComponentStyles(), firstPaintPlugin(), precompressPlugin(), configCheckPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
    // scripts/route-chunks.ts: a signed-in first load asks for a few files, not dozens.
    rolldownOptions: { output: { codeSplitting: routeChunks() } },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: gateway, changeOrigin: false }])),
  },
});
