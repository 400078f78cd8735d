// Test helpers for the renderers: Mantine and a memory router around the element under test.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
