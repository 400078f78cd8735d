import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ruleContext } from '../../../config/rules';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { renderWithApp } from '../test-support';
import { fakeTopUpActors, pendingTransaction } from './fake-top-up-actors';
import { TopUpActions } from './TopUpActions';
import { TopUpSlot } from './TopUpSlot';

beforeAll(async () => {
  await loadCompiledForm('top-up');
});

const services = [
  { id: '1', name: 'Top Up', type: 1 },
  { id: '2', name: 'Cash Out', type: 256 },
  { id: '3', name: 'Cash In Loan', type: 32 },
  { id: '4', name: 'Request Money', type: 4 },
];
const user = { id: '257', wallet: { currency: 'GMD', balance: '100.00' }, services };

describe('top-up actions for a user', () => {
  it('[UW-2.54] offers Top-up, Cash Out and Cash In Loan from the user services, each opening the one modal', async () => {
    const flow = fakeTopUpActors();
    renderWithApp(<TopUpActions user={user} actors={flow.actors} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Top-up', 'Cash Out', 'Cash In Loan']);
    await userEvent.click(screen.getByRole('button', { name: 'Cash In Loan' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Cash In Loan' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Loan ID/ })).toBeInTheDocument();
    flow.answerCreate({ value: pendingTransaction({ type: 32 }) });
    await userEvent.type(dialog.getByRole('textbox', { name: /Amount/ }), '300');
    await userEvent.type(dialog.getByRole('textbox', { name: /Loan ID/ }), 'LN-42');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify Request' }));
    await dialog.findByText('Transaction details and fees');
    expect(flow.created[0]?.attributes).toMatchObject({ Amount: '300', ServiceId: '3', ExternalId: 'LN-42', Currency: 'GMD', ReceiverUserId: '257' });
  });

  it('shows nothing for a user without top-up services', () => {
    renderWithApp(<TopUpActions user={{ ...user, services: [{ id: '4', name: 'Request Money', type: 4 }] }} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('the users details slot opens at once and refreshes the user after a confirmation', async () => {
    const flow = fakeTopUpActors();
    const onChanged = vi.fn();
    const onClose = vi.fn();
    renderWithApp(
      <TopUpSlot user={user} context={ruleContext({ role: 16 })} service={services[0] ?? { id: '1', name: 'Top Up', type: 1 }} onChanged={onChanged} onClose={onClose} actors={flow.actors} />,
    );
    const dialog = within(await screen.findByRole('dialog'));
    flow.answerCreate({ value: pendingTransaction() });
    await userEvent.type(dialog.getByRole('textbox', { name: /Amount/ }), '500');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify Request' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Proceed' }));
    flow.answerConfirm({ value: pendingTransaction({ status: 'COMPLETED' }) });
    await userEvent.type(dialog.getByRole('textbox', { name: /One-time code/ }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Send Request' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
