export { ChartFigure, type ChartFigureProps, type ChartTableColumn, type ChartTableRow } from './ChartFigure';
export { CHART_TYPES, periodLabel, rangeLabel, type ChartType } from './period-label';
