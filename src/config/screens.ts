// Which parts of a screen show: schemas/screens/<id>.json holds one rule per part (docs/architecture.md, "who sees what is
// data"); the parts each screen draws are registered in ./registry.ts.
import { CHECK_COMMAND, ConfigError } from './config-error.ts';
import { screenParts, type ScreenId, type ScreenPart } from './registry.ts';
import { evaluateRule } from './rules.ts';
import type { RuleContext } from './rules.ts';
import type { ConfigSet, ScreenConfig } from './types.ts';

export type ScreenView<Part extends string> = Record<Part, boolean>;

/**
 * Whether each of `parts` shows in `ctx`. check:config wants every registered part in the file, so a part the file
 * lacks only happens with an unchecked file; it is then hidden rather than shown to everyone.
 */
export function screenView<Part extends string>(screen: ScreenConfig, parts: readonly Part[], ctx: RuleContext): ScreenView<Part> {
  const view = {} as ScreenView<Part>;
  for (const part of parts) {
    const rule = screen.parts[part]?.visible;
    view[part] = rule !== undefined && evaluateRule(rule, ctx);
  }
  return view;
}

/** Every registered part of screen `id` in `ctx`; a missing screen file is a ConfigError naming it. */
export function screenShows<Screen extends ScreenId>(set: ConfigSet, id: Screen, ctx: RuleContext): ScreenView<ScreenPart<Screen>> {
  const screen = set.screens[id];
  const file = `schemas/screens/${id}.json`;
  if (!screen) throw new ConfigError(file, `This screen needs ${file}; restore it, then run ${CHECK_COMMAND}`);
  return screenView(screen, screenParts(id), ctx);
}
