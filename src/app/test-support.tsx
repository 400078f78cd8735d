// Test support: the signed-in app (shell, menu, router, screens) at a path, as ProtectedApp draws it, with what its
// screens throw caught and returned, once its calls have been answered and drawn.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect } from 'vitest';
import ProtectedApp from './ProtectedApp';

/** Catches what a screen throws while rendering, so a test names the route instead of crashing. */
class Catch extends Component<{ children: ReactNode; onError: (error: Error) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>Screen failed</p> : this.props.children;
  }
}

/** Renders the app at `route` for the signed-in session; resolves with the errors its screens threw. */
export async function renderApp(route: string): Promise<Error[]> {
  const errors: Error[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Catch onError={(error) => errors.push(error)}>
            <ProtectedApp />
          </Catch>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const main = await screen.findByRole('main');
  // The screen's chunk has loaded, and its calls have been answered and drawn.
  await waitFor(() => expect(within(main).queryByText('Loading...')).not.toBeInTheDocument());
  await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return errors;
}
