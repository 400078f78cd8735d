// One screen's failure stays in that screen: a config problem (a file missing or not as the code reads it) says
// which file and what to run, any other error says the screen could not be drawn, and the header, the menu and every
// other screen keep working. Another address clears the failure (and keeps the screen's state otherwise).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Code, Stack, Text } from '@mantine/core';
import { CHECK_COMMAND, isConfigError } from '../config/config-error';
import { useDrawnPageTakesInput } from './first-screen-state';

interface ScreenBoundaryProps {
  /** The address shown; a new one clears a failure. */
  pathname: string;
  children: ReactNode;
}

interface ScreenBoundaryState {
  error: unknown;
  pathname: string;
}

export const SCREEN_CONFIG_PROBLEM = "This screen's configuration has a problem";
export const SCREEN_FAILED = 'This screen could not be shown';

function ScreenFailure({ error }: { error: unknown }) {
  useDrawnPageTakesInput();
  const message = error instanceof Error ? error.message : String(error);
  if (isConfigError(error)) {
    return (
      <Alert color="red" role="alert" title={SCREEN_CONFIG_PROBLEM}>
        <Stack gap={4}>
          <Text size="sm">{message}</Text>
          <Text size="sm">
            File: <Code>{error.file}</Code>
          </Text>
          <Text size="sm">
            Run <Code>{CHECK_COMMAND}</Code> to list every config problem with how to fix it.
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title={SCREEN_FAILED}>
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <Text size="sm">
          If files under schemas/ or tenants/ were changed, run <Code>{CHECK_COMMAND}</Code>.
        </Text>
      </Stack>
    </Alert>
  );
}

export class ScreenBoundary extends Component<ScreenBoundaryProps, ScreenBoundaryState> {
  override state: ScreenBoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<ScreenBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ScreenBoundaryProps, state: ScreenBoundaryState): Partial<ScreenBoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to draw', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <ScreenFailure error={this.state.error} />;
  }
}
