// Which parts of a screen show: schemas/screens/<id>.json holds one rule per part (docs/architecture.md, "who sees what is data").
import { evaluateRule } from './rules.ts';
import type { RuleContext } from './rules.ts';
import type { ScreenConfig } from './types.ts';

export type ScreenView<Part extends string> = Record<Part, boolean>;

/**
 * Whether each of `parts` shows in `ctx`. The meta-schema makes every part of a known screen required, so a part the
 * file lacks only happens with an unchecked file; it is then hidden rather than shown to everyone.
 */
export function screenView<Part extends string>(screen: ScreenConfig, parts: readonly Part[], ctx: RuleContext): ScreenView<Part> {
  const view = {} as ScreenView<Part>;
  for (const part of parts) {
    const rule = screen.parts[part]?.visible;
    view[part] = rule !== undefined && evaluateRule(rule, ctx);
  }
  return view;
}
