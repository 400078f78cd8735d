// identity-and-catalogue §2 /products/{id}: the product detail, its type read-only; a failed read shows the server's
// message, else the §8 fallback.
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { useRead } from '../../../api/resource';
import { Loading } from '../../../render/Loading';
import { CLIENT_FAILED } from '../messages';
import { ProductForm } from './ProductForm';

export function ProductDetailScreen() {
  const { id = '' } = useParams();
  const product = useRead('getProduct', id ? { path: { id } } : undefined);
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
