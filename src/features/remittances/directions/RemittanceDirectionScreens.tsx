// /remittances/payin and /remittances/payout (remittances-and-payouts §2 wallet pay-in / pay-out tables): the tenant's
// remittances received in or sent from its currency, from schemas/tables/remittance-payins.json and
// remittance-payouts.json. A reference opens its type, remarks, loan id and purpose; an expanded row shows its detail.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import type { FlatRecord } from '../../../api/jsonapi';
import { FieldList } from '../../../render/FieldList';
import { SchemaTable, useTableController } from '../../../render/table';
import { asRemittanceRow, type RemittanceRow } from '../remittance-row';
import { RemittanceDetailsModal } from '../details/RemittanceDetailsModal';
import { referenceFields, rowDetailFields } from '../details/remittance-fields';

export const DIRECTION_TABLES = { payin: 'remittance-payins', payout: 'remittance-payouts' } as const;

const renderExpanded = (row: FlatRecord) => <FieldList fields={rowDetailFields(asRemittanceRow(row))} cols={3} />;

function DirectionTable({ tableId }: { tableId: (typeof DIRECTION_TABLES)[keyof typeof DIRECTION_TABLES] }) {
  const list = useTableController(tableId);
  const [reference, setReference] = useState<RemittanceRow | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable
        {...list.tableProps}
        flows={{ remittanceReference: (row) => setReference(asRemittanceRow(row)) }}
        renderExpanded={renderExpanded}
      />
      <RemittanceDetailsModal row={reference} onClose={() => setReference(null)} fields={referenceFields} />
    </Stack>
  );
}

export function PayinTransactionsScreen() {
  return <DirectionTable tableId={DIRECTION_TABLES.payin} />;
}

export function PayoutTransactionsScreen() {
  return <DirectionTable tableId={DIRECTION_TABLES.payout} />;
}
