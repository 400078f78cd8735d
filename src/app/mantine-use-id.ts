// Mantine's useId, as its components call it, on React's useId: the same id from the first render on, so no field
// renders a second time to change it (scripts/mantine-use-id.ts puts it in place of @mantine/hooks' own).
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
