import { describe, expect, it } from 'vitest';
import { ruleContext } from './rules.ts';
import { screenView } from './screens.ts';
import type { ScreenConfig } from './types.ts';

const screen: ScreenConfig = {
  id: 'sample',
  parts: { forAdmins: { visible: { '==': [{ var: 'role' }, 4] } }, always: { visible: true } },
};

describe('screenView', () => {
  it('evaluates each named part against the context', () => {
    expect(screenView(screen, ['forAdmins', 'always'], ruleContext({ role: 4 }))).toEqual({ forAdmins: true, always: true });
    expect(screenView(screen, ['forAdmins', 'always'], ruleContext({ role: 64 }))).toEqual({ forAdmins: false, always: true });
  });

  it('hides a part the file lacks instead of showing it to everyone', () => {
    expect(screenView(screen, ['missing'], ruleContext({ role: 4 }))).toEqual({ missing: false });
  });
});
