// A signed-in page loaded cold draws its screen before the work the screen does not need.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstScreen from './first-screen';

const fresh = async (): Promise<typeof FirstScreen> => {
  vi.resetModules();
  return import('./first-screen');
};

describe('first screen', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs work at once when nothing holds it (after sign-in, a tenant switch)', async () => {
    const { afterFirstScreen } = await fresh();
    const start = vi.fn();
    afterFirstScreen(start);
    expect(start).toHaveBeenCalledOnce();
  });

  it('holds work on a cold signed-in load until the screen has drawn, once', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdUntilFirstScreen } = await fresh();
    holdUntilFirstScreen();
    const start = vi.fn();
    afterFirstScreen(start);
    expect(start).not.toHaveBeenCalled();
    firstScreenDrawn();
    firstScreenDrawn();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledOnce();
    const later = vi.fn();
    afterFirstScreen(later);
    expect(later).toHaveBeenCalledOnce();
  });

  it('releases held work one start per task, so no long task follows the drawn screen', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdUntilFirstScreen } = await fresh();
    holdUntilFirstScreen();
    const starts = [vi.fn(), vi.fn(), vi.fn()];
    const cancelLast = starts.map((start) => afterFirstScreen(start)).at(-1);
    firstScreenDrawn();
    expect(starts.map((start) => start.mock.calls.length)).toEqual([0, 0, 0]);
    vi.advanceTimersToNextTimer();
    expect(starts.map((start) => start.mock.calls.length)).toEqual([1, 0, 0]);
    cancelLast?.();
    vi.advanceTimersToNextTimer();
    expect(starts.map((start) => start.mock.calls.length)).toEqual([1, 1, 0]);
    vi.runAllTimers();
    expect(starts.map((start) => start.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it('does not run work cancelled while it waited', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdUntilFirstScreen } = await fresh();
    holdUntilFirstScreen();
    const start = vi.fn();
    const cancel = afterFirstScreen(start);
    cancel();
    firstScreenDrawn();
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
  });

  it('starts held work after 3 s when the screen never says it has drawn', async () => {
    const { afterFirstScreen, holdUntilFirstScreen } = await fresh();
    holdUntilFirstScreen();
    const start = vi.fn();
    afterFirstScreen(start);
    vi.advanceTimersByTime(2999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersToNextTimer();
    expect(start).toHaveBeenCalledOnce();
  });
});
