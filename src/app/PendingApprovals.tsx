// The header's count of pending four-eyes approvals: shown only where the tenant's menu has the Approvals screen, it
// links there. The count is the list's total of one row (filter[status]=pending), refreshed every minute and after
// every decision.
import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { usePendingApprovalsCount } from '../api/approvals';
import { useFirstScreenDrawn } from '../render/first-screen';

export const APPROVALS_ROUTE = '/approvals';

export function PendingApprovals({ tenant, enabled }: { tenant: string | null; enabled: boolean }) {
  const screenDrawn = useFirstScreenDrawn();
  const count = usePendingApprovalsCount(tenant, screenDrawn && enabled);
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
