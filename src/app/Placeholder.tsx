import { Card, Stack, Text, Title } from '@mantine/core';

/** Stands in for a screen of a later area, naming what it will show. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Card withBorder padding="xl">
      <Stack gap="xs">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">This screen is coming: {title} will be shown here.</Text>
      </Stack>
    </Card>
  );
}
