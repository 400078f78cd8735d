import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center h="70vh">
      <Stack align="center">
        <Title order={1}>404</Title>
        <Text size="lg">Sorry, page not found!</Text>
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
