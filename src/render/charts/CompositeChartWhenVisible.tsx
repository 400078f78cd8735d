// A composite chart whose code loads when its box comes near the viewport (issue 27): @mantine/charts and recharts are
// the app's largest chunk, and a dashboard opened cold on a phone shows its widgets first, the chart below them. Until
// then (and on the gateway, which draws the first screen) the box keeps the chart's height, so nothing moves when it
// draws.
import { Suspense, startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import type { CompositeChartProps } from '@mantine/charts';
import { lazyLoaded } from '../../lib/load-again';

const CompositeChart = lazyLoaded(() => import('@mantine/charts').then((charts) => ({ default: charts.CompositeChart })));

/** How far below the viewport a chart starts loading: about a screen's scroll ahead of a person scrolling down. */
const LOAD_MARGIN = '200px';

/** True once `element` has come within LOAD_MARGIN of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const box = element.current;
    if (near || !box) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: `0px 0px ${LOAD_MARGIN} 0px` },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

export type CompositeChartWhenVisibleProps = CompositeChartProps & { h: number };

export function CompositeChartWhenVisible(props: CompositeChartWhenVisibleProps) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} style={{ minHeight: props.h }}>
      {near && (
        <Suspense fallback={null}>
          <CompositeChart {...props} />
        </Suspense>
      )}
    </div>
  );
}
