import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { QueryGate } from './QueryGate';
import { renderWithProviders } from './test-utils';

// Only the fields QueryGate reads: a read's three states as TanStack Query reports them.
const pending = { isPending: true, isError: false, error: null, data: undefined } as unknown as UseQueryResult<string>;
const failed = (error: unknown) => ({ isPending: false, isError: true, error, data: undefined }) as unknown as UseQueryResult<string>;
const found = { isPending: false, isError: false, error: null, data: 'the rows' } as unknown as UseQueryResult<string>;

describe('QueryGate', () => {
  it('[UW-8.24] shows the one loading indicator while the read is pending, and not its children', () => {
    renderWithProviders(<QueryGate query={pending}>{(data) => <p>{data}</p>}</QueryGate>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('the rows')).toBeNull();
  });

  it("[UW-8.03] shows the gateway's error text in an alert with the panel's title", () => {
    const error = new ApiError(403, [{ status: '403', title: 'You may not see this' }]);
    renderWithProviders(<QueryGate query={failed(error)} title="Config health">{(data) => <p>{data}</p>}</QueryGate>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Config health');
    expect(alert).toHaveTextContent('You may not see this');
  });

  it('shows the fallback text for an error the gateway did not explain', () => {
    renderWithProviders(<QueryGate query={failed(new TypeError('Failed to fetch'))} fallback="Products could not be loaded">{(data) => <p>{data}</p>}</QueryGate>);
    expect(screen.getByRole('alert')).toHaveTextContent('Products could not be loaded');
  });

  it('draws its children with the data once the read is there', () => {
    renderWithProviders(<QueryGate query={found}>{(data) => <p>{data}</p>}</QueryGate>);
    expect(screen.getByText('the rows')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
