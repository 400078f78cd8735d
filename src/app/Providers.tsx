import type { ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DARK_THEME, useTheme } from './theme';

const mantineTheme = createTheme({
  primaryColor: 'blue',
  // WCAG AA contrast (4.5:1) for links, primary text and buttons on white: Mantine's default shade 6 is 3.5:1.
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
});

// Mantine's light 'dimmed' grey (gray.6) is 3.3:1 on white; gray.7 meets AA.
const contrastVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    // Field error text: red.6 is 3.3:1 on white; red.8 meets AA.
    '--mantine-color-error': theme.colors.red[8] ?? '#e03131',
  },
  dark: {},
});

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function Providers({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={mantineTheme} cssVariablesResolver={contrastVariables} forceColorScheme={theme === DARK_THEME ? 'dark' : 'light'}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
