// Screen id (src/config/routes.ts) → the component that draws it, each loaded on first use (./screen-loaders.gen.ts)
// but those that load with the app and "/", which decides at once where a person goes (./Home.tsx). Screens that
// later work fills show a placeholder naming what will be there.
import { type ComponentType } from 'react';
import { Home } from './Home';
import { loaders } from './screen-loaders';
import { screensWithApp } from './screen-loaders.gen';
import { lazyLoaded } from '../lib/load-again';

export const screens: Partial<Record<string, ComponentType>> = {
  ...Object.fromEntries(Object.entries(loaders).map(([id, load]) => [id, lazyLoaded(load)])),
  ...screensWithApp,
  home: Home,
};
