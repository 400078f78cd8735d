import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { ExportProgress } from './ExportProgress';

describe('ExportProgress', () => {
  it('shows how many rows are done as an accessible progress bar', () => {
    renderWithProviders(
      <ExportProgress state={{ status: 'running', done: 12_000, total: 20_000, error: null }} onCancel={() => {}} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Exporting 12,000 of 20,000 rows' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
  });

  it('[UW-8.21] shows the wait text until the total is known', () => {
    renderWithProviders(<ExportProgress state={{ status: 'running', done: 0, total: 0, error: null }} onCancel={() => {}} />);
    expect(screen.getByRole('progressbar', { name: 'Please wait, while we process your request...' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it('cancels with its labelled button', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <ExportProgress state={{ status: 'running', done: 10_000, total: 100_000, error: null }} onCancel={onCancel} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Excel export' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("[UW-8.01] shows a failed export's message", () => {
    const error = 'There was a problem in connecting to the server. Please check your internet and try again.';
    renderWithProviders(<ExportProgress state={{ status: 'error', done: 0, total: 0, error }} onCancel={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(error);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows nothing when no export is running', () => {
    renderWithProviders(<ExportProgress state={{ status: 'done', done: 5, total: 5, error: null }} onCancel={() => {}} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
