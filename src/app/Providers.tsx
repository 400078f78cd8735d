import type { ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import type { CalendarAriaLabels } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DARK_THEME, useTheme } from './theme';
import classes from './theme.module.css';

// Every calendar control has a name (axe button-name): Mantine leaves the month and year arrows unnamed. The level
// control ('November 2026') keeps its visible text as its name.
const calendarAriaLabels: CalendarAriaLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

const mantineTheme = createTheme({
  primaryColor: 'blue',
  // WCAG AA contrast (4.5:1) for links, primary text and buttons on white: Mantine's default shade 6 is 3.5:1. White
  // on a dark scheme's filled button too: blue.5 is 3.0:1, blue.8 5.0:1 (issue 22).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
  components: {
    // A long option list scrolls in the listbox itself, not in a scroll area inside it: a listbox holds only options
    // (axe aria-required-children), and the field's arrow keys reach every option (axe scrollable-region-focusable).
    // Components by name, not with X.extend: importing them here would load them with the login route.
    // A closed dropdown is not kept in the page: a kept one is positioned when it mounts, which makes the browser
    // compute the page's style and layout mid-render (three selects on a list screen made its first draw one long task).
    Select: { defaultProps: { withScrollArea: false, comboboxProps: { keepMounted: false } }, classNames: { options: classes.options } },
    MultiSelect: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // A menu holds only its items (axe aria-required-children); without the placeholder the first item takes the focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    DatePicker: { defaultProps: { ariaLabels: calendarAriaLabels }, classNames: { day: classes.day } },
    DatePickerInput: { defaultProps: { ariaLabels: calendarAriaLabels }, classNames: { day: classes.day } },
    // users-and-wallets §2 lists: the users list's eleven default columns fit a 1,280 px screen without scrolling sideways.
    Table: { defaultProps: { horizontalSpacing: 6 } },
  },
});

// Mantine's light 'dimmed' grey (gray.6) is 3.3:1 on white; gray.7 meets AA.
const contrastVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    // Field error text: red.6 is 3.3:1 on white; red.8 meets AA.
    '--mantine-color-error': theme.colors.red[8] ?? '#e03131',
    // A hovered subtle or light button keeps its blue.8 text readable: on Mantine's blue.2 it is 4.0:1, on blue.1 4.9:1.
    [`--mantine-color-${theme.primaryColor}-light-hover`]: `var(--mantine-color-${theme.primaryColor}-1)`,
    // Text in a colour (an amount's sign, an error line) reads as its -text variable, the scheme's readable shade: on
    // white shade 9 (Mantine's light default, the filled shade, is under 4.5:1); the dark scheme keeps Mantine's 4.
    '--mantine-color-red-text': theme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-teal-text': theme.colors.teal[9] ?? '#087f5b',
  },
  // Issue 22, WCAG AA in the dark scheme: Mantine's dimmed dark.2 is 3.5:1 on dark.6 and 4.0:1 on the body's dark.7;
  // dark.1 is 6.9:1 and 7.8:1.
  dark: {
    '--mantine-color-dimmed': theme.colors.dark[1] ?? '#b8b8b8',
    // Field error text and an invalid field's text: red.8 is 3.0:1 on dark.6, red.4 5.9:1 (axe in the reject dialog).
    '--mantine-color-error': theme.colors.red[4] ?? '#ff8787',
  },
});

export const queryDefaults = { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } };

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });

/** `client`: the gateway's render of a first screen (src/entry-server.tsx) brings its own, one per page. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={mantineTheme} cssVariablesResolver={contrastVariables} forceColorScheme={theme === DARK_THEME ? 'dark' : 'light'}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
