// Screen id (src/config/routes.ts) → the component that draws it, each loaded on first use but "/", which decides at
// once where a person goes (./Home.tsx). Screens that later work fills show a placeholder naming what will be there.
import { lazy, type ComponentType } from 'react';
import { Home } from './Home';
import { screenLoaders } from './screen-loaders';

export const screens: Partial<Record<string, ComponentType>> = {
  ...Object.fromEntries(Object.entries(screenLoaders).map(([id, load]) => [id, lazy(load)])),
  home: Home,
};
