// identity-and-catalogue §2 Products: schemas/tables/products.json; View opens the product detail, Settings the
// settings side pane, New Product the new product form. A failed load shows the server's message, else
// 'Could not pull fees data...' (§8).
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { FlatRecord } from '../../../api/jsonapi';
import { SchemaTable, useTableController } from '../../../render/table';
import { FEES_FAILED } from '../messages';
import { ProductSettingsPanel } from './settings/ProductSettingsPanel';

export function ProductsScreen() {
  const list = useTableController('products', { errorFallback: FEES_FAILED });
  const navigate = useNavigate();
  const [settingsOf, setSettingsOf] = useState<FlatRecord | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable
        {...list.tableProps}
        onRowAction={(actionId, row) => {
          if (actionId === 'view') void navigate(`/products/${encodeURIComponent(row.id)}`);
          if (actionId === 'settings') setSettingsOf(row);
        }}
        onToolbarAction={(actionId) => actionId === 'newProduct' && void navigate('/products/new')}
      />
      <ProductSettingsPanel
        productId={settingsOf?.id ?? null}
        title={typeof settingsOf?.title === 'string' ? settingsOf.title : ''}
        onClose={() => setSettingsOf(null)}
      />
    </Stack>
  );
}
