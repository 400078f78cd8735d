import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** The one loading indicator: a spinner announced to screen readers as 'Loading...' (users-and-wallets §8). */
export function Loading({ height }: { height?: string | number }) {
  return (
    <Center h={height} py="xl" role="status" aria-live="polite">
      <Loader />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
