export { ChartFigure, type ChartTableColumn } from './ChartFigure';
export { CHART_TYPES, periodLabel, rangeLabel } from './period-label';
export { CompositeChartWhenVisible } from './CompositeChartWhenVisible';
