// Screen id (src/config/routes.ts) → the function that loads the code of the screen, as the manifests declare them
// (./screen-loaders.gen.ts). Apart from the lazy components (./screens.tsx) so the app's entry can start loading a
// signed-in visitor's first screen with the shell, not after it.
import type { ComponentType } from 'react';
import { findScreenRoute } from '../config/routes';
import { screenLoaders } from './screen-loaders.gen';

/** Each screen's loader by its id, as the route map names it. */
export const loaders: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> = screenLoaders;

/** Starts loading the screen of `path` now (the lazy component then finds its code loaded or on its way). */
export function preloadScreen(path: string): void {
  const route = findScreenRoute(path);
  if (route?.access === 'protected') void loaders[route.screen]?.();
}
