// identity-and-catalogue §2 currencies menu entry /currencies/list: schemas/tables/currencies.json; a failed load
// shows the server's message, else 'Could not pull currencies data...' (users-and-wallets §8).
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SchemaTable, useTableController } from '../../../render/table';
import { CURRENCIES_FAILED } from '../messages';

export function CurrenciesScreen() {
  const list = useTableController('currencies', { errorFallback: CURRENCIES_FAILED });
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable {...list.tableProps} onToolbarAction={(actionId) => actionId === 'newCurrency' && void navigate('/currencies/new')} />
    </Stack>
  );
}
