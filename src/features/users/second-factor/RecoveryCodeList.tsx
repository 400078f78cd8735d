// Recovery codes are shown once (the gateway keeps only their hashes): the list, and a checkbox the user ticks to say
// they kept them before the dialog lets them go on.
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';

export const RECOVERY_CODES_TEXT = {
  intro: 'Each code signs you in once if you cannot use your authenticator app or passkey. They are shown only now: keep them somewhere safe.',
  saved: 'I have saved these recovery codes',
  done: 'Done',
} as const;

export function RecoveryCodeList({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const [kept, setKept] = useState(false);
  const intro = useRef<HTMLParagraphElement>(null);
  // The dialog's content changed under the user: start them at its new text, which a screen reader reads out.
  useEffect(() => intro.current?.focus(), []);
  return (
    <Stack>
      <Text ref={intro} tabIndex={-1} size="sm">
        {RECOVERY_CODES_TEXT.intro}
      </Text>
      <List aria-label="Recovery codes" ff="monospace" listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Checkbox label={RECOVERY_CODES_TEXT.saved} checked={kept} onChange={(event) => setKept(event.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button onClick={onSaved} disabled={!kept}>
          {RECOVERY_CODES_TEXT.done}
        </Button>
      </Group>
    </Stack>
  );
}
