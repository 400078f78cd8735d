import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from './notify';
import { Toaster } from './Toaster';

beforeEach(async () => {
  render(
    <MantineProvider env="test">
      <Toaster />
    </MantineProvider>,
  );
  // The toasts load on first use (./Toaster.tsx).
  await act(async () => void (await import('./Notices')));
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

// Timers fire in small steps so React commits between them, as in a browser.
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) {
    act(() => {
      vi.advanceTimersByTime(50);
    });
  }
}

describe('toasts', () => {
  it.each([
    ['[UW-2.64] success', notifySuccess, 'Request Success!'],
    ['[UW-2.65] info', notifyInfo, 'Information!'],
    ['[UW-2.66] error', notifyError, 'An Error Occured!'],
    ['[UW-2.67] warning', notifyWarning, 'Warning!'],
  ])('%s toast has its default title', (_name, show, title) => {
    act(() => {
      show('User details has successfully been updated');
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent(title);
    expect(toast).toHaveTextContent('User details has successfully been updated');
  });

  it('[UW-2.63] a given title replaces the default one', () => {
    act(() => {
      notifyError('Invalid OTP entered!', 'OTP');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('OTP');
    expect(screen.queryByText('An Error Occured!')).not.toBeInTheDocument();
  });

  it('[UW-2.62] toasts appear at the top, in the middle where no control is (issue 22), and close after 5 seconds', () => {
    act(() => {
      notifySuccess('Transaction Completed');
    });
    const toast = screen.getByRole('alert');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'top-center');
    advance(4900);
    expect(screen.getByText('Transaction Completed')).toBeInTheDocument();
    // 5 s, then the exit transition (250 ms)
    advance(600);
    expect(screen.queryByText('Transaction Completed')).not.toBeInTheDocument();
  });
});
