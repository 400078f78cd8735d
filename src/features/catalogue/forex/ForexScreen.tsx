// identity-and-catalogue §2 Forex: a product selector, then one card per currency pair with Market FX, Default
// Markup, Partner Markup and Auto Update; Edit opens its modal 350 ms later (§9). The product stays in the address.
// A failed load shows the server's message, else 'There was an getting products.  Please Try Again later.' (§8).
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { useList, useRead } from '../../../api/resource';
import { Loading } from '../../../render/Loading';
import { formatNumber } from '../../../render/format';
import { PRODUCTS_LOAD_FAILED, SELECT_PRODUCT } from '../messages';
import { useProductChoices } from '../product-choices';
import { ForexEditModal } from './ForexEditModal';
import { forexPairs, type ForexPair } from './forex-pairs';

const FOREX_MODAL_DELAY_MS = 350;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

function ForexCard({ pair, onEdit }: { pair: ForexPair; onEdit: () => void }) {
  const { forex } = pair;
  const markup = (value: string | undefined) => (value === undefined ? '-' : `${formatNumber(value)}${forex?.isPercent ? ' %' : ''}`);
  const title = `${pair.base.code} → ${pair.quote.code}`;
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={2} size="h5">
            {title}
          </Title>
          {!forex && <Badge color="gray">Not set</Badge>}
        </Group>
        <Fact label="Market FX" value={forex ? formatNumber(forex.marketFx) : '-'} />
        <Fact label="Default Markup" value={markup(forex?.defaultMarkup)} />
        <Fact label="Partner Markup" value={markup(forex?.partnerMarkup)} />
        <Fact label="Auto Update" value={forex ? (forex.isAutoUpdate ? 'Yes' : 'No') : '-'} />
        <Button variant="light" mt="xs" onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
      </Stack>
    </Card>
  );
}

function ForexCards({ productId }: { productId: string }) {
  const product = useRead('getProduct', productId ? { path: { id: productId } } : undefined);
  const forex = useList('listForex', productId ? { query: { productId } } : undefined);
  const [editing, setEditing] = useState<ForexPair | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const edit = (pair: ForexPair) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setEditing(pair), FOREX_MODAL_DELAY_MS);
  };

  if (product.isError || forex.isError) return <Alert color="red">{errorText(product.error ?? forex.error, PRODUCTS_LOAD_FAILED)}</Alert>;
  if (!product.data || !forex.data) return <Loading />;
  const pairs = forexPairs(product.data, forex.data.rows);
  return (
    <>
      {pairs.length === 0 ? (
        <Text>This product has no sending and receiving currencies yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {pairs.map((pair) => (
            <ForexCard key={pair.key} pair={pair} onEdit={() => edit(pair)} />
          ))}
        </SimpleGrid>
      )}
      <ForexEditModal productId={productId} pair={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export function ForexScreen() {
  const products = useProductChoices();
  const [search, setSearch] = useSearchParams();
  const productId = search.get('productId') || null;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Forex
      </Title>
      {products.isError && <Alert color="red">{errorText(products.error, PRODUCTS_LOAD_FAILED)}</Alert>}
      <Select
        label="Product"
        placeholder={SELECT_PRODUCT}
        maw={360}
        data={(products.data ?? []).map((product) => ({ value: product.id, label: product.title }))}
        value={productId}
        searchable
        onChange={(value) => setSearch(value ? { productId: value } : {}, { replace: true })}
      />
      {productId ? <ForexCards key={productId} productId={productId} /> : <Text>{SELECT_PRODUCT}</Text>}
    </Stack>
  );
}
