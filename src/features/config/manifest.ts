// The Control Panel's Config page (src/config/routes.ts ScreenManifest).
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  config: { module: './ConfigScreen', routes: [{ path: '/admin/config', title: 'Config' }] },
};
