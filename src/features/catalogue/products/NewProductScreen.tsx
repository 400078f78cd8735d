// identity-and-catalogue §2 /products/new: the new product form.
import { Stack, Title } from '@mantine/core';
import { ProductForm } from './ProductForm';

export function NewProductScreen() {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        New Product
      </Title>
      <ProductForm product={undefined} />
    </Stack>
  );
}
