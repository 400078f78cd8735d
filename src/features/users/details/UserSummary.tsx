// The head of the user details: photo, name, account id, role and status badges (users-and-wallets §4 colours) and
// the created-by line (§2). The coloured badges use the dot variant: their text keeps the page's contrast (axe).
import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { ColorMap } from '../../../config/types';
import { formatDate } from '../../../render/format';
import { badgeColor } from '../../../render/table/colors';
import { userRole, type UserRecord } from '../user-record';

export function createdByLine(user: Pick<UserRecord, 'createdby' | 'created'>): string {
  const when = formatDate(user.created);
  return user.createdby ? `Created by ${user.createdby} on ${when}` : `Created on ${when}`;
}

export interface UserSummaryProps {
  user: UserRecord;
  colorMaps: Record<string, ColorMap>;
  /** Role names by role id, from the role map the gateway serves (§4). */
  roleNames: ReadonlyMap<number, string>;
  /** Replaces the plain photo, e.g. with the photo upload. */
  avatar?: ReactNode;
}

export function UserSummary({ user, colorMaps, roleNames, avatar }: UserSummaryProps) {
  const role = userRole(user);
  const status = user.account?.statusName;
  return (
    <Group wrap="nowrap" align="flex-start">
      {avatar ?? <Avatar src={user.photo?.url ?? null} alt={user.fullname} size="lg" radius="xl" />}
      <Stack gap={4}>
        <Text fw={700} size="lg">
          {user.fullname}
        </Text>
        <Group gap="xs">
          {user.account?.accountId && (
            <Badge variant="default" aria-label={`Account Id ${user.account.accountId}`}>
              {`ID ${user.account.accountId}`}
            </Badge>
          )}
          {role !== null && (
            <Badge color={badgeColor(colorMaps, 'roleBadge', role)} variant="dot" aria-label={`Role ${roleNames.get(role) ?? role}`}>
              {roleNames.get(role) ?? `Role ${role}`}
            </Badge>
          )}
          {status && (
            <Badge color={badgeColor(colorMaps, 'userStatus', status)} variant="dot" aria-label={`Status ${status}`}>
              {status}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {createdByLine(user)}
        </Text>
      </Stack>
    </Group>
  );
}
