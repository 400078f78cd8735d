// identity-and-catalogue §2 /fees/new/{ProductId}/{CurrencyId} (schemas/forms/fee-detail.json): 'Fee Creation
// Successful' and back to the fee list; a failure shows the server's message, else 'There was an error loggin in the
// client.  Please Try Again later.' (§8).
import { Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { useMutate, type AttributesOf } from '../../../api/resource';
import { SchemaForm, type FormValues } from '../../../render/form';
import { notifyError, notifySuccess } from '../../../render/notify';
import { CLIENT_FAILED, FEE_CREATED } from '../messages';
import { BackToFees, feesRoute } from './fee-routes';

type FeeDetailInput = AttributesOf<'createFeeDetail'>;

export function NewFeeScreen() {
  const { productId = '', currencyId = '' } = useParams();
  const navigate = useNavigate();
  const create = useMutate('createFeeDetail');
  const back = feesRoute(productId, currencyId);
  const save = (values: FormValues) =>
    // The form file requires the four values as numbers (IC §5); the route names the product and currency.
    create.mutate(
      { attributes: { ...(values as Omit<FeeDetailInput, 'ProductId' | 'CurrencyId'>), ProductId: productId, CurrencyId: currencyId } },
      {
        onSuccess: () => {
          notifySuccess(FEE_CREATED);
          void navigate(back);
        },
        onError: (error) => notifyError(errorText(error, CLIENT_FAILED)),
      },
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        New Fee
      </Title>
      <SchemaForm formId="fee-detail" formData={{ isPercent: false }} submitting={create.isPending} onSubmit={save} actions={<BackToFees to={back} />} />
    </Stack>
  );
}
