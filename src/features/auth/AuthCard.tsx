import type { ReactNode } from 'react';
import { Card, Center, Stack, Text, Title } from '@mantine/core';

/** The card every sign-in and recovery screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Card withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%">
        <Stack gap="md">
          <div>
            <Text fw={700} c="blue" size="sm" tt="uppercase">
              Teller
            </Text>
            <Title order={1} size="h3">
              {title}
            </Title>
          </div>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}
