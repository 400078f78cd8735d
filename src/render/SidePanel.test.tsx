import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SidePanel } from './SidePanel';
import { renderWithProviders } from './test-utils';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SidePanel', () => {
  it('[UW-2.32] is a dialog titled as given, e.g. User Information', () => {
    renderWithProviders(
      <SidePanel opened onClose={() => {}} title="User Information">
        <p>Fatou Jallow</p>
      </SidePanel>,
    );
    expect(screen.getByRole('dialog', { name: 'User Information' })).toBeInTheDocument();
  });

  it('[UW-2.33] shows its content after a 1 second delay, with a loader before', () => {
    const { rerender } = renderWithProviders(
      <SidePanel opened onClose={() => {}} title="User Information">
        <p>Fatou Jallow</p>
      </SidePanel>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(990);
    });
    expect(screen.queryByText('Fatou Jallow')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.getByText('Fatou Jallow')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Opening again waits again.
    rerender(
      <SidePanel opened={false} onClose={() => {}} title="User Information">
        <p>Fatou Jallow</p>
      </SidePanel>,
    );
    rerender(
      <SidePanel opened onClose={() => {}} title="User Information">
        <p>Fatou Jallow</p>
      </SidePanel>,
    );
    expect(screen.queryByText('Fatou Jallow')).not.toBeInTheDocument();
  });
});
