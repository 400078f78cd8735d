// identity-and-catalogue §2 currencies menu entry /currencies/new (schemas/forms/currency-new.json): a sending or
// receiving currency of a chosen product ('Currency Creation Successful'; failures: the server's message, else
// 'Could not pull currencies data...'). The form starts again for the next currency.
import { useMemo, useState } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { errorText } from '../../../api/errors';
import { useMutate, type AttributesOf } from '../../../api/resource';
import { SchemaForm, type FormValues } from '../../../render/form';
import { notifyError, notifySuccess } from '../../../render/notify';
import { CURRENCIES_FAILED, CURRENCY_CREATED, PRODUCTS_FAILED } from '../messages';
import { useProductChoices } from '../product-choices';

export function NewCurrencyScreen() {
  const products = useProductChoices();
  const sending = useMutate('createSendingCurrency');
  const receiving = useMutate('createReceivingCurrency');
  const [round, setRound] = useState(0);
  const lists = useMemo(() => ({ listProducts: products.data ?? [] }), [products.data]);

  const save = ({ direction, ...values }: FormValues) => {
    const create = direction === 'ReceivingCurrency' ? receiving : sending;
    // The form file (schemas/forms/currency-new.json) holds name, code, symbol and productId (IC §5).
    create.mutate({ attributes: values as AttributesOf<'createSendingCurrency'> }, {
      onSuccess: () => {
        notifySuccess(CURRENCY_CREATED);
        setRound((current) => current + 1);
      },
      onError: (error) => notifyError(errorText(error, CURRENCIES_FAILED)),
    });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        New Currency
      </Title>
      {products.isError && <Alert color="red">{errorText(products.error, PRODUCTS_FAILED)}</Alert>}
      <SchemaForm
        key={round}
        formId="currency-new"
        formData={{ direction: 'SendingCurrency' }}
        lists={lists}
        submitting={sending.isPending || receiving.isPending}
        onSubmit={save}
        actions={
          <Button component={Link} to="/currencies/list" variant="default">
            Currencies
          </Button>
        }
      />
    </Stack>
  );
}
