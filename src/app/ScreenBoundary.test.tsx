// remittances-and-payouts §8 shows no error handling beyond the messages it names: any other failure of a screen is
// shown inside that screen (with its message) and the next address starts without it.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenBoundary, SCREEN_FAILED } from './ScreenBoundary';

function Failing(): never {
  throw new Error('Cannot read the payout account');
}

function drawn(pathname: string, child: ReactNode) {
  return (
    <MantineProvider env="test">
      <ScreenBoundary pathname={pathname}>{child}</ScreenBoundary>
    </MantineProvider>
  );
}

describe('a screen that fails for a reason the spec does not name', () => {
  it('[RP-8.15] says the screen could not be shown, with the error, and another address clears it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(drawn('/remittances', <Failing />));
    expect(screen.getByRole('alert')).toHaveTextContent(SCREEN_FAILED);
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot read the payout account');
    rerender(drawn('/remittances/payin', <p>Pay-in transactions</p>));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Pay-in transactions')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
