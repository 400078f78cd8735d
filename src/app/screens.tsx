// Screen id (src/config/routes.ts) → the lazily loaded component that draws it. Screens that later work fills
// show a placeholder naming what will be there.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { screenLoaders } from './screen-loaders';

type Screen = LazyExoticComponent<ComponentType>;

export const screens: Partial<Record<string, Screen>> = Object.fromEntries(Object.entries(screenLoaders).map(([id, load]) => [id, lazy(load)]));
