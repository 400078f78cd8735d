import type * as Mantine from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { renderCount, resetRenderCounts } from '../../../render/render-counts';
import { fakeTopUpActors } from './fake-top-up-actors';
import { TopUpModal } from './TopUpModal';

vi.mock('@mantine/core', async (original) =>
  (await import('../../../render/render-counts')).countingRenders(await original<typeof Mantine>(), ['TextInput', 'Textarea', 'Button']),
);

beforeAll(async () => {
  await loadCompiledForm('top-up');
});

/** The top-up form's first step, open; answers its Amount field. */
async function openTopUpForm(): Promise<HTMLElement> {
  render(
    <MantineProvider env="test">
      <TopUpModal opened kind="topUp" receiverUserId="257" currency="GMD" onClose={() => {}} actors={fakeTopUpActors().actors} />
    </MantineProvider>,
  );
  return screen.findByRole('textbox', { name: /Amount/ });
}

/** The step's buttons have no label: their renders are counted under their (absent) id. */
const stepButtons = () => renderCount('Button', '');

describe('the top-up amount step as staff type (issue 27: fields that did not change do not re-render)', () => {
  it('[issue 27] a key is drawn by its field alone; the step hears of it after the paint, and at once on blur', async () => {
    const amount = await openTopUpForm();
    resetRenderCounts();
    fireEvent.change(amount, { target: { value: '1' } });
    expect(amount).toHaveValue('1');
    expect(stepButtons(), 'the step is not drawn inside the key').toBe(0);
    await waitFor(() => expect(stepButtons(), 'the machine heard of the key after it').toBeGreaterThan(0));

    resetRenderCounts();
    fireEvent.change(amount, { target: { value: '15' } });
    fireEvent.blur(amount);
    expect(stepButtons(), 'a blur hands the text on at once').toBeGreaterThan(0);
  });

  it('[UW-4.28] typing into Amount draws the amount field again and never Remarks, and the other way round', async () => {
    const amount = await openTopUpForm();
    resetRenderCounts();
    await userEvent.type(amount, '1500');
    expect(amount).toHaveValue('1500');
    expect(renderCount('TextInput', 'Amount')).toBeGreaterThanOrEqual(4);
    expect(renderCount('Textarea', 'Remarks')).toBe(0);

    // Leaving Amount hands its text to the machine, which draws Amount once with it; then keys into Remarks.
    await userEvent.click(screen.getByRole('textbox', { name: 'Remarks' }));
    resetRenderCounts();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remarks' }), 'rent');
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('rent');
    expect(renderCount('Textarea', 'Remarks')).toBeGreaterThanOrEqual(4);
    expect(renderCount('TextInput', 'Amount')).toBe(0);
  });
});
