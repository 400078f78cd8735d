// users-and-wallets §2 "User details": vertical tabs User Details and Transactions, the status dropdown, the top-up
// service dropdown, edit mode with Save Changes (confirmed), Change Password on the own profile, the created-by line
// and the profile; what shows follows schemas/screens/user-details.json and the edit-user form file's rules.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '../../../api/errors';
import type { RuleContext } from '../../../config/rules';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { scrollPanelToTop } from '../../../render/SidePanel';
import { Loading } from '../../../render/Loading';
import { SchemaForm } from '../../../render/form';
import { hiddenFields } from '../../../render/form/form-errors';
import { notifyError, notifyInfo, notifySuccess } from '../../../render/notify';
import { useConfig, useForm } from '../../../config/context';
import { useStaffContext } from '../../../config/staff-context';
import { useReferenceList } from '../../../api/reference-lists';
import { getAuditEventsQueryOptions } from '../../../api/audit';
import { resourceTypeKey, useMutate, useRead } from '../../../api/resource';
import { RecordHistory } from '../../../render/audit';
import { profileRead } from '../api/user-include';
import { ChangePasswordModal } from '../profile/ChangePasswordModal';
import { useUserSlots, type OpenedFrom } from '../slots';
import { StaffSessions } from '../sessions/StaffSessions';
import { asUserRecord, userRole, type UserRecord } from '../user-record';
import { userPanelView } from './panel-rules';
import { ProfileFacts } from './ProfileFacts';
import { StatusDropdown } from './StatusDropdown';
import { TopUpServiceDropdown } from './TopUpServiceDropdown';
import { editUserValues, userChanges, type UserChanges } from './user-form-values';
import { UserSummary } from './UserSummary';

/** The audit entities whose id is the user's id (wallet transactions have their own ids). */
export const USER_AUDIT_ENTITIES = ['user', 'account', 'document', 'photo'] as const;

/** users-and-wallets §2 and §8. */
export const SAVE_CONFIRMATION = 'Are you sure want to modify this user?';
export const USER_UPDATED = 'User details has successfully been updated';
/** Ours (the spec quotes none): a save that changes no field sends nothing and says so. */
export const NOTHING_TO_SAVE = 'Nothing was changed, so nothing was saved.';

export interface UserDetailsProps {
  userId: string;
  /** Where the details were opened from (users-and-wallets §2 hiding rules). */
  openedFrom?: OpenedFrom;
}

export function UserDetails({ userId, openedFrom = 'users' }: UserDetailsProps) {
  const user = useRead('getUser', profileRead(userId));
  if (user.isPending) {
    return <Loading />;
  }
  if (user.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(user.error)}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <UserDetailsView user={asUserRecord(user.data)} openedFrom={openedFrom} />
    </Suspense>
  );
}

function UserDetailsView({ user, openedFrom }: { user: UserRecord; openedFrom: OpenedFrom }) {
  const staff = useStaffContext();
  const slots = useUserSlots();
  const { set } = useConfig();
  const form = useForm('edit-user');
  const queryClient = useQueryClient();

  const context = useMemo<RuleContext>(
    () => ({ ...staff.ruleContext, ownProfile: user.id === staff.session.userId, newRecord: false, openedFrom }),
    [staff.ruleContext, staff.session.userId, user.id, openedFrom],
  );
  const view = userPanelView(set, context);

  const roles = useReferenceList('listRoles');
  const groups = useReferenceList('listGroups');
  const countries = useReferenceList('listCountries');
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((role) => [role.value as number, role.name])), [roles.data]);
  const groupNames = useMemo(() => new Map((groups.data ?? []).map((group) => [group.value, group.name])), [groups.data]);
  const lists = useMemo(
    () => ({ listRoles: roles.data ?? [], listGroups: groups.data ?? [], listCountries: countries.data ?? [] }),
    [roles.data, groups.data, countries.data],
  );

  const initial = useMemo(() => editUserValues(user), [user]);
  const hidden = useMemo(() => hiddenFields(form, context), [form, context]);
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<UserChanges | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [changingPassword, setChangingPassword] = useState(false);
  const update = useMutate('updateUser');
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!editing) scrollPanelToTop(root.current);
  }, [editing]);
  const closeEditing = () => {
    setEditing(false);
    setFieldErrors({});
  };

  const onChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: resourceTypeKey('user') });
    void queryClient.invalidateQueries({ queryKey: getAuditEventsQueryOptions().queryKey });
  }, [queryClient]);
  const slotProps = { user, context, onChanged };

  const save = () => {
    if (!pending) return;
    update.mutate(
      { path: { id: user.id }, query: { include: 'account-action' }, attributes: pending },
      {
        onSuccess: () => {
          notifySuccess(USER_UPDATED);
          closeEditing();
        },
        onError: (error) => {
          notifyError(errorText(error));
          if (error instanceof ApiError) setFieldErrors(error.fieldErrors());
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const Avatar = slots.avatar;
  const Documents = slots.documents;
  const WalletBalance = slots.walletBalance;
  const TopUp = slots.topUp;
  const Transactions = slots.transactions;
  const services = user.services ?? [];
  // End users cannot sign in to the back-office, so only staff have sessions to show.
  const sessionsTab = view.sessions && userRole(user) !== 256;

  return (
    <Stack gap="md" ref={root}>
      <UserSummary user={user} colorMaps={set.colorMaps} roleNames={roleNames} avatar={Avatar && <Avatar {...slotProps} />} />
      <Group align="flex-end" gap="sm">
        {view.statusDropdown && <StatusDropdown user={user} />}
        {view.topUpServices && TopUp && services.length > 0 && (
          <TopUpServiceDropdown services={services} renderModal={(service, close) => <TopUp {...slotProps} service={service} onClose={close} />} />
        )}
        {view.changePassword && (
          <Button variant="default" onClick={() => setChangingPassword(true)}>
            Change Password
          </Button>
        )}
      </Group>

      <Tabs defaultValue="details" orientation="vertical" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">User Details</Tabs.Tab>
          {view.transactionsTab && <Tabs.Tab value="transactions">Transactions</Tabs.Tab>}
          {view.history && <Tabs.Tab value="history">History</Tabs.Tab>}
          {sessionsTab && <Tabs.Tab value="sessions">Sessions</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details" pl="md">
          <Stack gap="md">
            {view.walletBalance && WalletBalance && <WalletBalance {...slotProps} />}
            {editing ? (
              <SchemaForm
                formId="edit-user"
                context={context}
                formData={initial}
                lists={lists}
                submitting={update.isPending}
                extraErrors={fieldErrors}
                onSubmit={(values) => {
                  const changes = userChanges(form, initial, values, hidden);
                  if (Object.keys(changes).length > 0) {
                    setPending(changes);
                    return;
                  }
                  notifyInfo(NOTHING_TO_SAVE);
                  closeEditing();
                }}
                actions={
                  <Button variant="default" onClick={closeEditing}>
                    Cancel
                  </Button>
                }
              />
            ) : (
              <>
                <ProfileFacts
                  form={form}
                  values={initial}
                  context={context}
                  display={{
                    role: (value) => roleNames.get(Number(value)) ?? String(value),
                    group: (value) => groupNames.get(Number(value)) ?? String(value),
                  }}
                />
                {view.edit && (
                  <Group>
                    <Button onClick={() => setEditing(true)}>Edit</Button>
                  </Group>
                )}
              </>
            )}
            {Documents && <Documents {...slotProps} canUpload={view.uploadDocuments} />}
          </Stack>
        </Tabs.Panel>
        {view.transactionsTab && (
          <Tabs.Panel value="transactions" pl="md">
            {Transactions ? <Transactions {...slotProps} /> : <Text c="dimmed">No transactions to show.</Text>}
          </Tabs.Panel>
        )}
        {view.history && (
          <Tabs.Panel value="history" pl="md">
            <RecordHistory entities={USER_AUDIT_ENTITIES} entityId={user.id} />
          </Tabs.Panel>
        )}
        {sessionsTab && (
          <Tabs.Panel value="sessions" pl="md">
            <StaffSessions userId={user.id} name={user.fullname} />
          </Tabs.Panel>
        )}
      </Tabs>

      <ConfirmDialog
        opened={pending !== null}
        title="Save Changes"
        message={SAVE_CONFIRMATION}
        loading={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={save}
      />
      <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </Stack>
  );
}
