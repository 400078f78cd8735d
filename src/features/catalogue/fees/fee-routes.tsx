// The fee forms go back to the fee list of their product and currency (identity-and-catalogue §2).
import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** A fee detail is read with its product and currency, which the list and the form show. */
export const FEE_DETAIL_INCLUDE = 'product,currency';

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
