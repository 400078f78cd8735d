// identity-and-catalogue §2 /products/{id}: the product detail, its type read-only; a failed read shows the server's
// message, else the §8 fallback.
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { Loading } from '../../../render/Loading';
import { useProduct } from '../api/get-product';
import { CLIENT_FAILED } from '../messages';
import { useTenantId } from '../use-tenant-id';
import { ProductForm } from './ProductForm';

export function ProductDetailScreen() {
  const { id = '' } = useParams();
  const tenant = useTenantId();
  const product = useProduct({ id, tenant });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Product Detail
      </Title>
      {product.isPending ? (
        <Loading />
      ) : product.isError ? (
        <Alert color="red">{errorText(product.error, CLIENT_FAILED)}</Alert>
      ) : (
        <ProductForm key={product.data.id} product={product.data} />
      )}
    </Stack>
  );
}
