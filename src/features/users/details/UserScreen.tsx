// /remittances/users/:id: the user details on a page of their own (users-and-wallets §2 "User details").
import { Alert, Card, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { USER_PANEL_TITLE } from './UserInformationPanel';
import { UserDetails } from './UserDetails';

export function UserScreen() {
  const { id } = useParams();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {USER_PANEL_TITLE}
      </Title>
      <Card withBorder padding="lg">
        {id ? <UserDetails userId={id} openedFrom="users" /> : <Alert color="red">User not found</Alert>}
      </Card>
    </Stack>
  );
}
