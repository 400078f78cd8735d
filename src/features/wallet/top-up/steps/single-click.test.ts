import { describe, expect, it, vi } from 'vitest';
import { singleClick } from './step-parts';

describe('singleClick', () => {
  it('runs on a click (detail 1) and a key (detail 0), not on the second click of a double-click that landed on it', () => {
    const action = vi.fn();
    const onClick = singleClick(action);
    onClick({ detail: 1 });
    onClick({ detail: 0 });
    onClick({ detail: 2 });
    expect(action).toHaveBeenCalledTimes(2);
  });
});
