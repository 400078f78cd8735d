// The fee forms go back to the fee list of their product and currency (identity-and-catalogue §2).
import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** The fee detail values the form edits (schemas/forms/fee-detail.json). */
export const FEE_VALUES = ['minAmount', 'maxAmount', 'isPercent', 'defaultValue', 'partnerValue'] as const;

export function feesRoute(productId: string, currencyId: string): string {
  return `/fees?${new URLSearchParams({ productId, currencyId }).toString()}`;
}

export function BackToFees({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default">
      Back to fees
    </Button>
  );
}
