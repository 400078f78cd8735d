// Test support: counts the renders of chosen Mantine components, by each one's label (else id), so a test can show
// which fields a keystroke draws again. Used from a `vi.mock('@mantine/core', ...)` factory:
//   vi.mock('@mantine/core', async (original) => (await import('../render/render-counts')).countingRenders(await original(), ['TextInput']));
import { createElement } from 'react';

const counts = new Map<string, number>();

/** Renders per `Component:label` since the last `resetRenderCounts()`. */
export function renderCount(component: string, label: string): number {
  return counts.get(`${component}:${label}`) ?? 0;
}

export function resetRenderCounts() {
  counts.clear();
}

/** `mantine` with each of `components` replaced by a wrapper that counts its renders and draws the real one. */
export function countingRenders<M extends object>(mantine: M, components: readonly (keyof M & string)[]): M {
  const replaced: Partial<M> = {};
  for (const name of components) {
    const Real = mantine[name] as object;
    const Counted = (props: { label?: unknown; id?: unknown }) => {
      const key = `${name}:${typeof props.label === 'string' ? props.label : String(props.id ?? '')}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return createElement(Real as never, props as never);
    };
    // The statics too (Stepper.Step, TextInput.classes, ...).
    replaced[name] = Object.assign(Counted, Real) as M[typeof name];
  }
  return { ...mantine, ...replaced };
}
