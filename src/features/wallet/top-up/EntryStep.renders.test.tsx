import type * as Mantine from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { renderCount, resetRenderCounts } from '../../../render/render-counts';
import { fakeTopUpActors } from './fake-top-up-actors';
import { TopUpModal } from './TopUpModal';

vi.mock('@mantine/core', async (original) =>
  (await import('../../../render/render-counts')).countingRenders(await original<typeof Mantine>(), ['TextInput', 'Textarea']),
);

beforeAll(async () => {
  await loadCompiledForm('top-up');
});

describe('the top-up amount step as staff type (issue 27: fields that did not change do not re-render)', () => {
  it('[UW-4.28] typing into Amount draws the amount field again and never Remarks, and the other way round', async () => {
    render(
      <MantineProvider env="test">
        <TopUpModal opened kind="topUp" receiverUserId="257" currency="GMD" onClose={() => {}} actors={fakeTopUpActors().actors} />
      </MantineProvider>,
    );
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    resetRenderCounts();
    await userEvent.type(amount, '1500');
    expect(amount).toHaveValue('1500');
    expect(renderCount('TextInput', 'Amount')).toBeGreaterThanOrEqual(4);
    expect(renderCount('Textarea', 'Remarks')).toBe(0);

    resetRenderCounts();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remarks' }), 'rent');
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('rent');
    expect(renderCount('Textarea', 'Remarks')).toBeGreaterThanOrEqual(4);
    expect(renderCount('TextInput', 'Amount')).toBe(0);
  });
});
