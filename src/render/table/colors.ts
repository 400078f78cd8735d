// Colour maps (schemas/tables/color-maps.json) name semantic colours; this turns them into Mantine theme colours.
import type { ColorMap, SemanticColor } from '../../config/types';

const THEME_COLORS: Record<SemanticColor, string> = {
  primary: 'blue',
  success: 'teal',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
  inactive: 'gray',
  red: 'red',
  green: 'green',
};

export function badgeColor(maps: Record<string, ColorMap>, mapId: string | undefined, value: unknown): string {
  const map = mapId ? maps[mapId] : undefined;
  const semantic = map ? (map.colors[String(value)] ?? map.default) : undefined;
  return semantic ? THEME_COLORS[semantic] : 'gray';
}
