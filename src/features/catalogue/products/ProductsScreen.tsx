// identity-and-catalogue §2 Products: schemas/tables/products.json; View opens the product detail, Settings the
// settings side pane, New Product the new product form. A failed load shows the server's message, else
// 'Could not pull fees data...' (§8).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FlatRecord } from '../../../api/jsonapi';
import { TableScreen } from '../../../render/table';
import { FEES_FAILED } from '../messages';
import { ProductSettingsPanel } from './settings/ProductSettingsPanel';

const PRODUCTS_OPTIONS = { errorFallback: FEES_FAILED };

export function ProductsScreen() {
  const navigate = useNavigate();
  const [settingsOf, setSettingsOf] = useState<FlatRecord | null>(null);
  return (
    <TableScreen
      tableId="products"
      options={PRODUCTS_OPTIONS}
      flows={{
        openProduct: (row) => void navigate(`/products/${encodeURIComponent(row.id)}`),
        productSettings: setSettingsOf,
        newProduct: () => void navigate('/products/new'),
      }}
    >
      <ProductSettingsPanel
        productId={settingsOf?.id ?? null}
        title={typeof settingsOf?.title === 'string' ? settingsOf.title : ''}
        onClose={() => setSettingsOf(null)}
      />
    </TableScreen>
  );
}
