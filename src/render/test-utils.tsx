// Test helpers for the renderers: Mantine and a memory router around the element under test, and the wait for typed text.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}

/**
 * Resolves once what was typed into a text field has reached its form: a field hands its text on after the key's paint
 * (form/widgets/typed-text.ts), in jsdom a task after the next animation frame. Called after the keys, this wait's frame
 * and task come after the field's, so what the form then shows does not depend on how busy the machine is (issue 25).
 */
export async function typedTextHandedOn(): Promise<void> {
  await act(() => new Promise<void>((handedOn) => requestAnimationFrame(() => setTimeout(handedOn, 0))));
}
