// The `?` dialog: every keyboard shortcut (./shortcuts.ts). Mantine's Modal traps the focus, closes on Escape and
// gives the focus back to where it was.
import { Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {SHORTCUTS.map(({ area, shortcuts }) => (
          <section key={area} aria-label={area}>
            <Title order={2} size="h5" mb={4}>
              {area}
            </Title>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Keys</Table.Th>
                  <Table.Th scope="col">What they do</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shortcuts.map((shortcut) => (
                  <Table.Tr key={`${area}-${shortcut.does}`}>
                    <Table.Td>
                      {shortcut.keys.map((key, index) => (
                        <span key={key}>
                          {index > 0 && ' '}
                          <Kbd>{key}</Kbd>
                        </span>
                      ))}
                    </Table.Td>
                    <Table.Td>{shortcut.does}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
