// /upt/settings/banks (remittances-and-payouts §2 'Banks'): schemas/tables/upt-banks.json; a bank opens a modal with all
// its fields and its branches (listUptBankBranches), or '- No Branches -'.
import { useState } from 'react';
import { Center, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { errorText } from '../../../api/errors';
import type { FlatRecord } from '../../../api/jsonapi';
import { useList, type RowOf } from '../../../api/resource';
import { FieldList } from '../../../render/FieldList';
import { formatDate } from '../../../render/format';
import { SchemaTable, useTableController } from '../../../render/table';

export const NO_BRANCHES = '- No Branches -';

/** A row of schemas/tables/upt-banks.json, as its list operation types it. */
type UptBankRow = RowOf<'listUptBanks'>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function bankFields(bank: UptBankRow) {
  return [
    { label: 'Name', value: bank.name },
    { label: 'Code', value: bank.code },
    { label: 'Deleted', value: yesNo(bank.isDeleted) },
    { label: 'Country Code', value: bank.countryCode },
    { label: 'Credit Card Center Branch Code', value: bank.creditCardCenterBranchCode ?? '' },
    { label: 'Closed Date', value: bank.closedDate ?? '' },
    { label: 'Created On', value: formatDate(bank.createdOn) },
    { label: 'Modified On', value: formatDate(bank.modifiedOn) },
  ];
}

function Branches({ bank }: { bank: UptBankRow }) {
  const branches = useList('listUptBankBranches', { query: { bankCode: bank.code } });
  if (branches.isPending) {
    return (
      <Center py="sm">
        <Loader role="status" size="sm" aria-label="Loading..." />
      </Center>
    );
  }
  if (branches.isError) {
    return (
      <Text role="alert" c="var(--mantine-color-red-text)" size="sm">
        {errorText(branches.error)}
      </Text>
    );
  }
  if (branches.data.rows.length === 0) return <Text size="sm">{NO_BRANCHES}</Text>;
  return (
    <Table aria-label={`Branches of ${bank.name}`} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Code</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>City</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>Deleted</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {branches.data.rows.map((branch) => (
          <Table.Tr key={branch.id}>
            <Table.Td>{branch.code}</Table.Td>
            <Table.Td>{branch.name}</Table.Td>
            <Table.Td>{branch.city ?? ''}</Table.Td>
            <Table.Td>{branch.address ?? ''}</Table.Td>
            <Table.Td>{yesNo(branch.isDeleted)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function UptBanksScreen() {
  const list = useTableController('upt-banks');
  const [open, setOpen] = useState<UptBankRow | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable {...list.tableProps} onRowOpen={(row: FlatRecord) => setOpen(row as UptBankRow)} />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.name ?? 'Bank'} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {open && (
          <Stack>
            <FieldList fields={bankFields(open)} />
            <Title order={2} size="h5">
              Branches
            </Title>
            <Branches bank={open} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
