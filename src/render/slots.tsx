// Slots (docs/architecture.md, house words): a feature's manifest fills other features' slots with lazySlot, and the
// app provides each feature's slots through its context with slotProvider, as the manifests compose
// (src/app/features.gen.ts). Features never import each other; only these two meet in the app.
import { Suspense, createElement, type ComponentType, type Context, type ReactNode } from 'react';
import { lazyLoaded } from '../lib/load-again';

/**
 * A slot's component whose code loads on first use, so the shell, which provides every slot, carries none of it.
 * Until the code has loaded the slot draws nothing, as an empty slot does.
 */
export function lazySlot<Props extends object>(load: () => Promise<ComponentType<Props>>): (props: Props) => ReactNode {
  const Loaded = lazyLoaded(() => load().then((component) => ({ default: component })));
  return function LazySlot(props: Props) {
    return <Suspense fallback={null}>{createElement(Loaded, props)}</Suspense>;
  };
}

/** Wraps what it is given in one feature's slots context. */
export type SlotProvider = (children: ReactNode) => ReactNode;

/** One feature's slots (`context`, the `slots` of its manifest) filled with what the manifests fill them with. */
export function slotProvider<Slots>(context: Context<Slots>, fills: NoInfer<Slots>): SlotProvider {
  const Slots = context;
  return (children) => <Slots value={fills}>{children}</Slots>;
}
