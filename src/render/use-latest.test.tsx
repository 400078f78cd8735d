import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatest } from './use-latest';

describe('useLatest', () => {
  it('holds the committed value: a render sees the one before it, what runs after the commit sees the new one', () => {
    const seenInRender: string[] = [];
    const { result, rerender } = renderHook(
      ({ value }: { value: string }) => {
        const latest = useLatest(value);
        seenInRender.push(latest.current);
        return latest;
      },
      { initialProps: { value: 'first' } },
    );
    const ref = result.current;
    rerender({ value: 'second' });
    expect(seenInRender).toEqual(['first', 'first']);
    expect(result.current).toBe(ref);
    expect(ref.current).toBe('second');
  });
});
