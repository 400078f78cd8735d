// The app's own screen (src/config/routes.ts ScreenManifest): "/", which decides where a person goes (./Home.tsx draws
// it with the shell; the welcome page is what it loads).
import type { ScreenManifest } from '../config/routes';

export const screens: ScreenManifest = {
  home: { module: './HomePage', routes: [{ path: '/', title: 'Home' }] },
};
