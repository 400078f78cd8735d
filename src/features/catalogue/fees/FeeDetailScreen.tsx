// identity-and-catalogue §2 /fees/{id} (schemas/forms/fee-detail.json): the values change, the product and currency
// do not; 'Save Success' and back to the fee list; a failure shows the server's message, else 'Could not pull
// currencies data...' (§8).
import { useMemo } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { useRecordController } from '../../../api/record-controller';
import type { AttributesOf } from '../../../api/resource';
import { SchemaForm, type FormValues } from '../../../render/form';
import { Loading } from '../../../render/Loading';
import { notifyError, notifySuccess } from '../../../render/notify';
import { CURRENCIES_FAILED, SAVE_SUCCESS } from '../messages';
import { BackToFees, FEE_DETAIL_INCLUDE, FEE_VALUES, feesRoute } from './fee-routes';

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
  const navigate = useNavigate();
  const fee = useRecordController({
    read: 'getFeeDetail',
    update: 'updateFeeDetail',
    id,
    readInit: (feeId) => ({ path: { id: feeId }, query: { include: FEE_DETAIL_INCLUDE } }),
  });
  const record = fee.record;
  const initial = useMemo(() => (record ? feeValues(record) : {}), [record]);
  const back = record ? feesRoute(String(record.productId), String(record.currencyId)) : '/fees';
  const save = (values: FormValues) =>
    fee.save(
      // The form file (schemas/forms/fee-detail.json) holds the values the update takes (IC §5).
      values as AttributesOf<'updateFeeDetail'>,
      {
        onSuccess: () => {
          notifySuccess(SAVE_SUCCESS);
          void navigate(back);
        },
        onError: (error) => notifyError(errorText(error, CURRENCIES_FAILED)),
      },
    );
  // The included product and currency sit beside the attributes (src/api/jsonapi.ts); the contract types only the latter.
  const related: Record<string, unknown> = record ?? {};
  const product = related.product as { title?: string } | undefined;
  const currency = related.currency as { code?: string } | undefined;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Fee Detail
      </Title>
      {fee.isPending ? (
        <Loading />
      ) : fee.error ? (
        <Alert color="red">{errorText(fee.error, CURRENCIES_FAILED)}</Alert>
      ) : (
        <>
          <Text>{[product?.title, currency?.code].filter(Boolean).join(' · ')}</Text>
          <SchemaForm formId="fee-detail" formData={initial} submitting={fee.saving} onSubmit={save} actions={<BackToFees to={back} />} />
        </>
      )}
    </Stack>
  );
}
