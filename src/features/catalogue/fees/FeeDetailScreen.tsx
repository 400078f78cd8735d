// identity-and-catalogue §2 /fees/{id} (schemas/forms/fee-detail.json): the values change, the product and currency
// do not; 'Save Success' and back to the fee list; a failure shows the server's message, else 'Could not pull
// currencies data...' (§8).
import { useMemo } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { SchemaForm, type FormValues } from '../../../render/form';
import { Loading } from '../../../render/Loading';
import { notifyError, notifySuccess } from '../../../render/notify';
import { useFeeDetail } from '../api/get-fee-detail';
import { useUpdateFeeDetail } from '../api/update-fee-detail';
import { CURRENCIES_FAILED, SAVE_SUCCESS } from '../messages';
import { useTenantId } from '../use-tenant-id';
import { BackToFees, FEE_VALUES, feesRoute } from './fee-routes';

/** Amounts arrive as decimal strings; the form edits numbers. */
function feeValues(row: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    FEE_VALUES.flatMap((key) => {
      const value = row[key];
      if (value === undefined || value === null) return [];
      return [[key, typeof value === 'string' ? Number(value) : value]];
    }),
  );
}

export function FeeDetailScreen() {
  const { id = '' } = useParams();
  const tenant = useTenantId();
  const navigate = useNavigate();
  const fee = useFeeDetail({ id, tenant });
  const update = useUpdateFeeDetail();
  const initial = useMemo(() => (fee.data ? feeValues(fee.data) : {}), [fee.data]);
  const back = fee.data ? feesRoute(String(fee.data.productId), String(fee.data.currencyId)) : '/fees';
  const save = (values: FormValues) =>
    update.mutate(
      { id, changes: values },
      {
        onSuccess: () => {
          notifySuccess(SAVE_SUCCESS);
          void navigate(back);
        },
        onError: (error) => notifyError(errorText(error, CURRENCIES_FAILED)),
      },
    );
  const product = fee.data?.product as { title?: string } | undefined;
  const currency = fee.data?.currency as { code?: string } | undefined;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Fee Detail
      </Title>
      {fee.isPending ? (
        <Loading />
      ) : fee.isError ? (
        <Alert color="red">{errorText(fee.error, CURRENCIES_FAILED)}</Alert>
      ) : (
        <>
          <Text>{[product?.title, currency?.code].filter(Boolean).join(' · ')}</Text>
          <SchemaForm formId="fee-detail" formData={initial} submitting={update.isPending} onSubmit={save} actions={<BackToFees to={back} />} />
        </>
      )}
    </Stack>
  );
}
