// users-and-wallets §2 "Own profile page" (/user/profile): avatar, ID and username badges, the profile form file
// (phone, email and country read-only), Save, and Change Password with its modal; Sessions and Second factor tabs
// (issue 28).
import { useMemo, useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Tabs, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '../../../api/errors';
import type { RuleContext } from '../../../config/rules';
import { SchemaForm } from '../../../render/form';
import { Loading } from '../../../render/Loading';
import { notifyError, notifyInfo, notifySuccess } from '../../../render/notify';
import { useStaffContext } from '../../../config/staff-context';
import { useReferenceList } from '../../../api/reference-lists';
import { resourceTypeKey, useMutate, useRead } from '../../../api/resource';
import { profileRead } from '../api/user-include';
import { NOTHING_TO_SAVE, USER_UPDATED } from '../details/UserDetails';
import { userPanelView } from '../details/panel-rules';
import { profileValues, userChanges } from '../details/user-form-values';
import { useUserSlots } from '../slots';
import { asUserRecord, type UserRecord } from '../user-record';
import { ChangePasswordModal } from './ChangePasswordModal';
import { OwnSessions } from '../sessions/OwnSessions';
import { OwnSecondFactor } from '../second-factor/OwnSecondFactor';
import { useConfig } from '../../../config/context';

export function ProfileScreen() {
  const staff = useStaffContext();
  const user = useRead('getUser', profileRead(staff.session.userId, 'own'));
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h3">
        My Profile
      </Title>
      {user.isPending ? (
        <Loading />
      ) : user.isError ? (
        <Alert color="red" role="alert">
          {errorText(user.error)}
        </Alert>
      ) : (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="sessions">Sessions</Tabs.Tab>
            <Tabs.Tab value="second-factor">Second factor</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            <OwnProfile user={asUserRecord(user.data)} />
          </Tabs.Panel>
          <Tabs.Panel value="sessions" pt="md">
            <OwnSessions />
          </Tabs.Panel>
          <Tabs.Panel value="second-factor" pt="md">
            <OwnSecondFactor />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function OwnProfile({ user }: { user: UserRecord }) {
  const staff = useStaffContext();
  const countries = useReferenceList('listCountries');
  const update = useMutate('updateUser');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [changingPassword, setChangingPassword] = useState(false);
  const context = useMemo<RuleContext>(() => ({ ...staff.ruleContext, ownProfile: true, newRecord: false, openedFrom: null }), [staff.ruleContext]);
  const initial = useMemo(() => profileValues(user), [user]);
  const { set } = useConfig();
  const view = userPanelView(set, context);
  const username = user.email?.value ?? staff.session.email;
  const queryClient = useQueryClient();
  const AvatarSlot = useUserSlots().avatar;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group>
            {AvatarSlot ? (
              <AvatarSlot user={user} context={context} onChanged={() => void queryClient.invalidateQueries({ queryKey: resourceTypeKey('user') })} />
            ) : (
              <Avatar src={user.photo?.url ?? null} alt={user.fullname} size="xl" radius="xl" />
            )}
            <Stack gap={6}>
              <Title order={2} size="h4">
                {user.fullname}
              </Title>
              <Group gap="xs">
                <Badge variant="default" aria-label={`ID ${user.account?.accountId ?? user.id}`}>
                  {`ID ${user.account?.accountId ?? user.id}`}
                </Badge>
                <Badge variant="default" aria-label={`Username ${username}`} tt="none">
                  {username}
                </Badge>
              </Group>
            </Stack>
          </Group>
          {view.changePassword && (
            <Button variant="default" onClick={() => setChangingPassword(true)}>
              Change Password
            </Button>
          )}
        </Group>
        <SchemaForm
          formId="profile"
          context={context}
          formData={initial}
          lists={{ listCountries: countries.data ?? [] }}
          submitting={update.isPending}
          disabled={!view.edit}
          extraErrors={fieldErrors}
          onSubmit={(values, form) => {
            const changes = userChanges(form, initial, values);
            if (Object.keys(changes).length === 0) {
              setFieldErrors({});
              notifyInfo(NOTHING_TO_SAVE);
              return;
            }
            update.mutate(
              { path: { id: user.id }, query: { include: 'account-action' }, attributes: changes, credential: 'own' },
              {
                onSuccess: () => {
                  setFieldErrors({});
                  notifySuccess(USER_UPDATED);
                },
                onError: (error) => {
                  notifyError(errorText(error));
                  if (error instanceof ApiError) setFieldErrors(error.fieldErrors());
                },
              },
            );
          }}
        />
      </Stack>
      <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </Card>
  );
}
