// The newest value a stable callback or a subscription reads later, set once React has committed the render that
// brought it. Written during render instead, a render React throws away (a deferred table answer, an interrupted
// transition) would leave the callbacks holding props the screen never showed.
import { useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
