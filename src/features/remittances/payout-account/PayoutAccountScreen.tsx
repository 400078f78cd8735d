// /payoutAccount (remittances-and-payouts §2 'Payout account details'): a card with the available balance, status,
// email, phone, account name and account number, loaded on opening only for the payout tenants with a configured
// account (§9, payoutAccount in the tenant file) and the staff their rule lets see it (schemas/screens/payout-account.json);
// and an account lookup at the bank (§7, §8).
import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/resource';
import { useConfig } from '../../../config/context';
import { useStaffContext } from '../../../config/staff-context';
import { formatAmount } from '../../../render/format';
import { FieldList } from '../../../render/FieldList';
import { showsPayoutAccount } from '../remittance-rules';
import { usePayoutAccount, type PayoutAccount } from './AvailableBalance';
import { balanceErrorText, lookupErrorText, lookupResultText } from './account-texts';

export const PAYOUT_ACCOUNT_TEXT = {
  title: 'Payout Account',
  none: 'There is no payout account for this tenant.',
  lookupLabel: 'Account Number',
  lookup: 'Look up',
} as const;

export default function PayoutAccountScreen() {
  const { tenant, ruleContext } = useStaffContext();
  const { set } = useConfig();
  const accountNumber = tenant?.payoutAccount;
  const shown = accountNumber !== undefined && showsPayoutAccount(ruleContext, set);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {PAYOUT_ACCOUNT_TEXT.title}
      </Title>
      {shown ? (
        <>
          <PayoutAccountCard accountNumber={accountNumber} />
          <AccountLookup />
        </>
      ) : (
        <Text>{PAYOUT_ACCOUNT_TEXT.none}</Text>
      )}
    </Stack>
  );
}

/** §7, §8: asks the payout bank about an account number; one it does not know answers accountNumber null with its code
 * and message. */
async function lookupPayoutAccount(accountNumber: string) {
  return (await callOperation('lookupPayoutAccount', { query: { accountNumber } })).data.attributes;
}

function accountFields(account: PayoutAccount) {
  return [
    { label: 'Available Balance', value: `${formatAmount(account.availableBalance)} ${account.currency}` },
    { label: 'Account Status', value: account.accountStatus },
    { label: 'Email Address', value: account.emailAddress ?? '' },
    { label: 'Phone Number', value: account.phoneNumber ?? '' },
    { label: 'Account Name', value: account.accountName },
    { label: 'Account Number', value: account.accountNumber },
  ];
}

function PayoutAccountCard({ accountNumber }: { accountNumber: string }) {
  const account = usePayoutAccount(accountNumber);
  return (
    <Card withBorder maw={640} aria-label="Payout account details" component="section">
      {account.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading...</Text>
        </Group>
      ) : account.isError ? (
        <Alert color="red" variant="light" role="alert">
          {balanceErrorText(account.error)}
        </Alert>
      ) : (
        <FieldList fields={accountFields(account.data)} />
      )}
    </Card>
  );
}

function AccountLookup() {
  const lookup = useMutation({ mutationFn: lookupPayoutAccount });
  const [accountNumber, setAccountNumber] = useState('');
  return (
    <Card withBorder maw={640} component="section" aria-label="Account lookup">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (accountNumber.trim()) lookup.mutate(accountNumber.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={PAYOUT_ACCOUNT_TEXT.lookupLabel}
            value={accountNumber}
            inputMode="numeric"
            onChange={(event) => setAccountNumber(event.currentTarget.value)}
          />
          <Button type="submit" loading={lookup.isPending}>
            {PAYOUT_ACCOUNT_TEXT.lookup}
          </Button>
        </Group>
      </form>
      {lookup.isSuccess && (
        <Text mt="sm" role="status">
          {lookupResultText(lookup.data)}
        </Text>
      )}
      {lookup.isError && (
        <Text mt="sm" role="alert" c="var(--mantine-color-red-text)">
          {lookupErrorText(lookup.error)}
        </Text>
      )}
    </Card>
  );
}
