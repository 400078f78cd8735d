// identity-and-catalogue §2 Fees: product and currency first, then their fee details (schemas/tables/fee-details.json,
// with the product and currency included); New Fee opens /fees/new/{ProductId}/{CurrencyId}, Edit /fees/{id},
// Delete asks first ('Fee Deletion Successful'). The choice stays in the address (?productId=&currencyId=), so
// coming back from a fee form shows the same list.
import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../api/errors';
import type { FlatRecord } from '../../../api/jsonapi';
import { useMutate } from '../../../api/resource';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../render/notify';
import { SchemaTable, useTableController } from '../../../render/table';
import { CURRENCIES_FAILED, FEE_DELETED, FEES_FAILED, SELECT_CURRENCY, SELECT_PRODUCT } from '../messages';
import { FEE_DETAIL_INCLUDE } from './fee-routes';
import { FeeSelection } from './FeeSelection';

export const DELETE_FEE_QUESTION = 'Are you sure you want to delete this fee?';

function FeeList({ productId, currencyId }: { productId: string; currencyId: string }) {
  const navigate = useNavigate();
  const list = useTableController('fee-details', {
    params: { include: FEE_DETAIL_INCLUDE, 'filter[productId]': productId, 'filter[currencyId]': currencyId },
    errorFallback: FEES_FAILED,
  });
  const remove = useMutate('deleteFeeDetail');
  const [deleting, setDeleting] = useState<FlatRecord | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate({ path: { id: deleting.id } }, {
      onSuccess: () => notifySuccess(FEE_DELETED),
      onError: (error) => notifyError(errorText(error, CURRENCIES_FAILED)),
      onSettled: () => setDeleting(null),
    });
  };
  return (
    <>
      <SchemaTable
        {...list.tableProps}
        flows={{
          editFee: (row) => void navigate(`/fees/${encodeURIComponent(row.id)}`),
          deleteFee: setDeleting,
          newFee: () => void navigate(`/fees/new/${encodeURIComponent(productId)}/${encodeURIComponent(currencyId)}`),
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete fee"
        message={DELETE_FEE_QUESTION}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export function FeesScreen() {
  const [search, setSearch] = useSearchParams();
  const productId = search.get('productId') || null;
  const currencyId = search.get('currencyId') || null;
  const choose = (product: string | null, currency: string | null) => {
    const next = new URLSearchParams();
    if (product) next.set('productId', product);
    if (currency) next.set('currencyId', currency);
    setSearch(next, { replace: true });
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Fee Details
      </Title>
      <FeeSelection productId={productId} currencyId={currencyId} onChange={choose} />
      {!productId ? <Text>{SELECT_PRODUCT}</Text> : !currencyId ? <Text>{SELECT_CURRENCY}</Text> : <FeeList key={`${productId}-${currencyId}`} productId={productId} currencyId={currencyId} />}
    </Stack>
  );
}
