import { useState } from 'react';
import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { renderWithProviders } from './test-utils';

function Harness(props: Partial<ConfirmDialogProps> & { onConfirm: (note: string) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Save Changes</Button>
      <ConfirmDialog
        message="Are you sure want to modify this user?"
        {...props}
        opened={opened}
        onCancel={() => setOpened(false)}
        onConfirm={(note) => {
          props.onConfirm(note);
          setOpened(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('[UW-2.46] asks before the action is sent, with confirm and cancel labels', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure want to modify this user?');
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('moves focus into the dialog and returns it to the trigger on close', async () => {
    renderWithProviders(<Harness onConfirm={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Save Changes' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('takes a reason note and can require it before confirming', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <Harness onConfirm={onConfirm} confirmLabel="Reject" cancelLabel="Cancel" note={{ label: 'Reason', required: true }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const note = await screen.findByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await userEvent.type(note, '  Documents expired ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledWith('Documents expired');
  });
});
