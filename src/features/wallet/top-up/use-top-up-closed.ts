// users-and-wallets §4 step 5: closing the modal after a confirmation refreshes the user and the list. The wallet
// feature refreshes its own transaction lists; the screen that shows the user refreshes the user (onChanged).
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TopUpOutput } from '../../../flows/top-up.machine';
import { resourceTypeKey } from '../../../api/resource';

export function useTopUpClosed(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useCallback(
    (result: TopUpOutput) => {
      if (!result.refreshNeeded) return;
      void queryClient.invalidateQueries({ queryKey: resourceTypeKey('wallettransaction') });
      onChanged?.();
    },
    [queryClient, onChanged],
  );
}
