// A composite chart whose code loads when its box comes near the viewport (issue 27): @mantine/charts and recharts are
// the app's largest chunk, and a dashboard opened cold on a phone shows its widgets first, the chart below them. Until
// then (and on the gateway, which draws the first screen) the box keeps the chart's height, so nothing moves when it
// draws.
// Its legend is drawn here, beside the chart, not by recharts (issue 27): a legend inside the chart is measured and
// the chart drawn again for it, and recharts draws synchronously, so on the pay-in dashboard the chart's first draw
// was one task of about 100 ms on a phone's first screen; drawn here it also shows before the chart's code arrives.
import { Suspense, startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import type { CompositeChartProps } from '@mantine/charts';
import { ColorSwatch, Group, Text, getThemeColor, useMantineTheme } from '@mantine/core';
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

/** The series' names with their colours, above the chart. */
function SeriesLegend({ series }: Pick<CompositeChartProps, 'series'>) {
  const theme = useMantineTheme();
  return (
    <Group component="ul" aria-label="Series" justify="flex-end" gap="md" m={0} mb="xs" p={0} style={{ listStyle: 'none' }}>
      {series.map((each) => (
        <Group component="li" key={each.name} gap={6} wrap="nowrap">
          <ColorSwatch color={getThemeColor(each.color, theme)} size={12} withShadow={false} aria-hidden />
          <Text size="sm">{each.label ?? each.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

export function CompositeChartWhenVisible({ withLegend, ...props }: CompositeChartWhenVisibleProps) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <>
      {withLegend && <SeriesLegend series={props.series} />}
      <div ref={box} style={{ minHeight: props.h }}>
        {near && (
          <Suspense fallback={null}>
            <CompositeChart {...props} withLegend={false} />
          </Suspense>
        )}
      </div>
    </>
  );
}
