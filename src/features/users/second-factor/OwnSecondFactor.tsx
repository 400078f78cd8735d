// The Second factor tab of the own profile (issue 28 item 1): the authenticator app (enrolled or not), the passkeys,
// how many recovery codes are left and whether the user's role requires a factor (listSecondFactors); adding an app
// or a passkey, removing each (asked first; the gateway refuses the last factor of a role that requires one), and
// new recovery codes. A closed dialog leaves focus on the heading of the part it changed, since the button that
// opened it may be gone (an added app's "Add" becomes "Remove", a removed passkey's row goes).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutate, useRead, type RecordOf } from '../../../api/resource';
import { QueryGate } from '../../../render/QueryGate';
import { formatDate } from '../../../render/format';
import { notifySuccess } from '../../../render/notify';
import { NewRecoveryCodesDialog } from './NewRecoveryCodesDialog';
import { PasskeyEnrolmentDialog } from './PasskeyEnrolmentDialog';
import { RemoveFactorDialog } from './RemoveFactorDialog';
import { TotpEnrolmentDialog } from './TotpEnrolmentDialog';

type Factors = RecordOf<'listSecondFactors'>;
type Passkey = Factors['passkeys'][number];

export const SECOND_FACTOR_TEXT = {
  intro: 'A second factor proves it is you after your password: a code from an authenticator app, or a passkey on your device.',
  required: 'Your role requires a second factor. Keep at least one authenticator app or passkey.',
  optional: 'Your role does not require a second factor; adding one protects your account.',
  app: 'Authenticator app',
  appNone: 'No authenticator app is set up.',
  addApp: 'Add authenticator app',
  removeApp: 'Remove the authenticator app',
  removeAppQuestion: 'Remove the authenticator app? Its codes will no longer sign you in.',
  appAdded: 'The authenticator app has been added.',
  appRemoved: 'The authenticator app has been removed.',
  passkeys: 'Passkeys',
  passkeysNone: 'No passkeys yet.',
  addPasskey: 'Add passkey',
  passkeyAdded: 'The passkey has been added.',
  passkeyRemoved: 'The passkey has been removed.',
  recovery: 'Recovery codes',
  newCodes: 'New recovery codes',
  noFactorCodes: 'Recovery codes come with your first authenticator app or passkey.',
  never: 'Never',
} as const;

const OWN = { credential: 'own' } as const;

type Part = 'app' | 'passkeys' | 'recovery';
type Dialog = { kind: 'add-app' } | { kind: 'add-passkey' } | { kind: 'remove-app' } | { kind: 'remove-passkey'; passkey: Passkey } | { kind: 'new-codes' };

const PART_OF: Record<Dialog['kind'], Part> = { 'add-app': 'app', 'remove-app': 'app', 'add-passkey': 'passkeys', 'remove-passkey': 'passkeys', 'new-codes': 'recovery' };

export function codesLeftText(left: number): string {
  return left === 1 ? '1 recovery code is left.' : `${left} recovery codes are left.`;
}

export function OwnSecondFactor() {
  const factors = useRead('listSecondFactors', OWN);
  return <QueryGate query={factors}>{(data) => <SecondFactorParts factors={data} />}</QueryGate>;
}

function SecondFactorParts({ factors }: { factors: Factors }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [focusTarget, setFocusTarget] = useState<Part | HTMLElement | null>(null);
  const headings = useRef<Partial<Record<Part, HTMLHeadingElement | null>>>({});
  const trigger = useRef<HTMLElement | null>(null);
  const removeApp = useMutate('removeTotp');
  const removePasskey = useMutate('removePasskey');

  useEffect(() => {
    if (focusTarget === null) return;
    (typeof focusTarget === 'string' ? headings.current[focusTarget] : focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const open = (next: Dialog) => (event: MouseEvent<HTMLElement>) => {
    trigger.current = event.currentTarget;
    setDialog(next);
  };
  /** Closes the dialog: focus back on the button that opened it when nothing changed, else on its part's heading. */
  const close = (notice?: string, changed = notice !== undefined) => {
    const opener = trigger.current;
    if (dialog) setFocusTarget(!changed && opener?.isConnected ? opener : PART_OF[dialog.kind]);
    setDialog(null);
    if (notice) notifySuccess(notice);
  };
  const { totp, passkeys, recoveryCodesLeft, required } = factors;
  const hasFactor = totp !== null || passkeys.length > 0;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="sm">{SECOND_FACTOR_TEXT.intro}</Text>
        {required ? (
          <Alert color="blue" title="Required for your role">
            {SECOND_FACTOR_TEXT.required}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {SECOND_FACTOR_TEXT.optional}
          </Text>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="factor-app">
        <Title order={2} size="h4" id="factor-app" ref={(node) => { headings.current.app = node; }} tabIndex={-1}>
          {SECOND_FACTOR_TEXT.app}
        </Title>
        {totp ? (
          <Group justify="space-between">
            <Text size="sm">{`Added ${formatDate(totp.created)}; last used ${totp.lastUsed ? formatDate(totp.lastUsed) : 'never'}.`}</Text>
            <Button color="red" variant="light" onClick={open({ kind: 'remove-app' })}>
              {SECOND_FACTOR_TEXT.removeApp}
            </Button>
          </Group>
        ) : (
          <Group justify="space-between">
            <Text size="sm">{SECOND_FACTOR_TEXT.appNone}</Text>
            <Button onClick={open({ kind: 'add-app' })}>{SECOND_FACTOR_TEXT.addApp}</Button>
          </Group>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="factor-passkeys">
        <Title order={2} size="h4" id="factor-passkeys" ref={(node) => { headings.current.passkeys = node; }} tabIndex={-1}>
          {SECOND_FACTOR_TEXT.passkeys}
        </Title>
        {passkeys.length === 0 ? (
          <Text size="sm">{SECOND_FACTOR_TEXT.passkeysNone}</Text>
        ) : (
          <Table aria-label={SECOND_FACTOR_TEXT.passkeys} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {passkeys.map((passkey) => (
                <Table.Tr key={passkey.id}>
                  <Table.Td>{passkey.name}</Table.Td>
                  <Table.Td>{formatDate(passkey.created)}</Table.Td>
                  <Table.Td>{passkey.lastUsed ? formatDate(passkey.lastUsed) : SECOND_FACTOR_TEXT.never}</Table.Td>
                  <Table.Td>
                    <Button size="xs" color="red" variant="light" aria-label={`Remove passkey ${passkey.name}`} onClick={open({ kind: 'remove-passkey', passkey })}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button variant="default" onClick={open({ kind: 'add-passkey' })}>
            {SECOND_FACTOR_TEXT.addPasskey}
          </Button>
        </Group>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="factor-recovery">
        <Title order={2} size="h4" id="factor-recovery" ref={(node) => { headings.current.recovery = node; }} tabIndex={-1}>
          {SECOND_FACTOR_TEXT.recovery}
        </Title>
        <Group justify="space-between">
          <Text size="sm">{hasFactor ? codesLeftText(recoveryCodesLeft) : SECOND_FACTOR_TEXT.noFactorCodes}</Text>
          <Button variant="default" disabled={!hasFactor} onClick={open({ kind: 'new-codes' })}>
            {SECOND_FACTOR_TEXT.newCodes}
          </Button>
        </Group>
      </Stack>

      {dialog?.kind === 'add-app' && <TotpEnrolmentDialog onDone={(enrolled) => close(enrolled ? SECOND_FACTOR_TEXT.appAdded : undefined)} />}
      {dialog?.kind === 'add-passkey' && <PasskeyEnrolmentDialog onDone={(enrolled) => close(enrolled ? SECOND_FACTOR_TEXT.passkeyAdded : undefined)} />}
      {dialog?.kind === 'new-codes' && <NewRecoveryCodesDialog onClose={(made) => close(undefined, made)} />}
      {dialog?.kind === 'remove-app' && (
        <RemoveFactorDialog
          title={SECOND_FACTOR_TEXT.removeApp}
          question={SECOND_FACTOR_TEXT.removeAppQuestion}
          remove={() => removeApp.mutateAsync(OWN)}
          onClose={(removed) => close(removed ? SECOND_FACTOR_TEXT.appRemoved : undefined)}
        />
      )}
      {dialog?.kind === 'remove-passkey' && (
        <RemoveFactorDialog
          title={`Remove passkey ${dialog.passkey.name}`}
          question={`Remove the passkey "${dialog.passkey.name}"? It will no longer sign you in.`}
          remove={() => removePasskey.mutateAsync({ path: { id: dialog.passkey.id }, ...OWN })}
          onClose={(removed) => close(removed ? SECOND_FACTOR_TEXT.passkeyRemoved : undefined)}
        />
      )}
    </Stack>
  );
}
