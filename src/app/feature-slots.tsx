// Features do not import each other (docs/architecture.md, layout): each feature's manifest declares the slots its
// screens offer and fills other features' slots, and the app provides every feature's slots through its context as
// the manifests compose (./features.gen.ts). Every slot loads its code on first use, so the shell's chunk carries no
// feature.
import type { ReactNode } from 'react';
import { slotProviders } from './features.gen';

export function FeatureSlots({ children }: { children: ReactNode }) {
  return slotProviders.reduceRight<ReactNode>((inner, provide) => provide(inner), children);
}
