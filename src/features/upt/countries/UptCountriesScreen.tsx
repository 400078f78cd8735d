// /upt/settings/countries (remittances-and-payouts §2 'Countries'): schemas/tables/upt-countries.json; a row expands
// to all its fields and its payment limits (currentPaymentLimits).
import { Stack, Table, Text, Title } from '@mantine/core';
import type { FlatRecord } from '../../../api/jsonapi';
import type { RowOf } from '../../../api/resource';
import { FieldList } from '../../../render/FieldList';
import { formatAmount } from '../../../render/format';
import { SchemaTable, useTableController } from '../../../render/table';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const text = (value: string | number | null) => (value === null ? '' : String(value));

/** A row of schemas/tables/upt-countries.json, as its list operation types it. */
type UptCountryRow = RowOf<'listUptCountries'>;

function countryFields(country: UptCountryRow) {
  return [
    { label: 'Name', value: country.name },
    { label: 'Code', value: country.code },
    { label: 'Deleted', value: yesNo(country.isDeleted) },
    { label: 'Uses Security Question', value: yesNo(country.isUsedSecurityQuestion) },
    { label: 'Currency Code', value: country.currencyCode },
    { label: 'Payment Min Age', value: text(country.paymenMinAge) },
    { label: 'Marketing Expense', value: formatAmount(country.marketingExpense) },
    { label: 'Reporter Expense', value: formatAmount(country.reporterExpense) },
    { label: 'Telephone Code', value: text(country.telephoneCode) },
    { label: 'IBAN Mandatory for Swift', value: yesNo(country.isIbanMandatoryForSwift) },
  ];
}

function PaymentLimits({ country }: { country: UptCountryRow }) {
  if (country.currentPaymentLimits.length === 0) return <Text size="sm">- No Payment Limits -</Text>;
  return (
    <Table aria-label={`Payment limits of ${country.name}`} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Currency Code</Table.Th>
          <Table.Th>Min Amount</Table.Th>
          <Table.Th>Max Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {country.currentPaymentLimits.map((limit) => (
          <Table.Tr key={limit.currencyCode}>
            <Table.Td>{limit.currencyCode}</Table.Td>
            <Table.Td>{formatAmount(limit.minAmount)}</Table.Td>
            <Table.Td>{formatAmount(limit.maxAmount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const renderExpanded = (record: FlatRecord) => {
  const country = record as UptCountryRow;
  return (
    <Stack gap="sm">
      <FieldList fields={countryFields(country)} cols={4} />
      <Title order={2} size="h5">
        Payment Limits
      </Title>
      <PaymentLimits country={country} />
    </Stack>
  );
};

export default function UptCountriesScreen() {
  const list = useTableController('upt-countries');
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable {...list.tableProps} renderExpanded={renderExpanded} />
    </Stack>
  );
}
