// identity-and-catalogue §2 fees: the product and the currency are chosen first ('Please select a Product',
// 'Please select a Currency'); their lists' failures show the server's message, else the §8 texts.
import { Alert, Group, Select } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useList } from '../../../api/resource';
import { CURRENCY_LIST_FAILED, PRODUCTS_LOAD_FAILED, SELECT_CURRENCY, SELECT_PRODUCT } from '../messages';
import { useProductChoices } from '../product-choices';

export interface FeeSelectionProps {
  productId: string | null;
  currencyId: string | null;
  onChange: (productId: string | null, currencyId: string | null) => void;
}

export function FeeSelection({ productId, currencyId, onChange }: FeeSelectionProps) {
  const products = useProductChoices();
  const currencies = useList('listCurrencies', {});
  return (
    <>
      {products.isError && <Alert color="red">{errorText(products.error, PRODUCTS_LOAD_FAILED)}</Alert>}
      {currencies.isError && <Alert color="red">{errorText(currencies.error, CURRENCY_LIST_FAILED)}</Alert>}
      <Group align="flex-end">
        <Select
          label="Product"
          placeholder={SELECT_PRODUCT}
          data={(products.data ?? []).map((product) => ({ value: product.id, label: product.title }))}
          value={productId}
          searchable
          onChange={(value) => onChange(value, currencyId)}
        />
        <Select
          label="Currency"
          placeholder={SELECT_CURRENCY}
          data={(currencies.data?.rows ?? []).map((currency) => ({ value: currency.id, label: `${currency.code} · ${currency.name}` }))}
          value={currencyId}
          searchable
          onChange={(value) => onChange(productId, value)}
        />
      </Group>
    </>
  );
}
