// The header's count of pending four-eyes approvals: shown only where the tenant's menu has the Approvals screen, it
// links there. The count is the list's total of one row (filter[status]=pending), refreshed every minute and after
// every decision.
import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listQuery } from '../api/resource';
import { useSessionState } from '../api/session';
import { useFirstScreenDrawn } from '../render/first-screen';

export const APPROVALS_ROUTE = '/approvals';

/** How many approvals of the tenant wait for a decision (one row asked for; the total is in the meta). */
function usePendingApprovalsCount(enabled: boolean): number | undefined {
  // Re-rendered on a tenant switch: the list is keyed by the tenant whose token asks.
  useSessionState();
  const pending = listQuery('listApprovals', { query: { 'filter[status]': 'pending', 'page[size]': 1 } });
  return useQuery({ ...pending, placeholderData: keepPreviousData, enabled, refetchInterval: 60_000, select: (page) => page.meta.itemTotal }).data;
}

export function PendingApprovals({ enabled }: { enabled: boolean }) {
  const screenDrawn = useFirstScreenDrawn();
  const count = usePendingApprovalsCount(screenDrawn && enabled);
  if (!enabled || count === undefined) return null;
  return (
    <Button
      component={Link}
      to={APPROVALS_ROUTE}
      variant="subtle"
      size="xs"
      rightSection={
        <Badge size="sm" circle={count < 10} color={count > 0 ? 'orange.9' : 'gray.7'}>
          {count}
          {/* The name is what the button shows, plus what the number counts (WCAG 2.5.3, label in name). */}
          <VisuallyHidden> pending</VisuallyHidden>
        </Badge>
      }
    >
      Approvals
    </Button>
  );
}
