// The gateway's render of first screens (src/entry-server.tsx): the app's modules built for Node into dist-server/.
// Everything is bundled (noExternal), so Mantine gets the same useId the browser's build gives it.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { formValidatorsPlugin } from './scripts/compile-form-validators.ts';
import { mantineUseId } from './scripts/mantine-use-id.ts';

export default defineConfig({
  plugins: [react(), formValidatorsPlugin(), mantineUseId()],
  ssr: { noExternal: true },
  // The browser's files (public/) belong to dist/ only.
  publicDir: false,
  // React's production build: its development build renders several times slower.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
