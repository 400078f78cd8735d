import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { typedTextHandedOn } from '../../../render/test-utils';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { TopUpKind, TopUpOutput, WalletTransaction } from '../../../flows/top-up.machine';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { Toaster } from '../../../render/Toaster';
import { fakeTopUpActors, pendingTransaction, type FakeTopUpActors } from './fake-top-up-actors';
import { TopUpModal } from './TopUpModal';

beforeAll(async () => {
  // The amount step validates with the form file's precompiled validator, a lazily loaded chunk.
  await loadCompiledForm('top-up');
});
afterEach(() => {
  act(() => notifications.clean());
});

function renderModal({ kind = 'topUp', gateway = fakeTopUpActors(), pending = null }: { kind?: TopUpKind; gateway?: FakeTopUpActors; pending?: WalletTransaction | null } = {}) {
  const onClose = vi.fn<(result: TopUpOutput) => void>();
  render(
    <MantineProvider env="test">
      <Toaster />
      <TopUpModal opened kind={kind} receiverUserId="257" currency="GMD" pending={pending} onClose={onClose} actors={gateway.actors} />
    </MantineProvider>,
  );
  return { gateway, onClose, dialog: () => screen.getByRole('dialog') };
}

const wrongCode = () => new ApiError(422, [{ status: '422', title: 'Invalid OTP entered!', code: 'invalid_otp', source: { pointer: '/data/attributes/Otp' } }]);
const completed = (overrides: Partial<WalletTransaction> = {}) =>
  pendingTransaction({ status: 'COMPLETED', transactionDate: '2026-11-21T10:06:00Z', ...overrides });

async function verify(amount: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Amount/ }), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Verify Request' }));
}

async function reachCodeStep(gateway: FakeTopUpActors, transaction = pendingTransaction()) {
  gateway.answerCreate({ value: transaction });
  await verify('500');
  await screen.findByText('Transaction details and fees');
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  return screen.findByRole('textbox', { name: /One-time code/ });
}

describe('Top-up / Cash Out / Cash In Loan modal', () => {
  it('[UW-4.28][UW-5.53] the amount step asks for amount and free-text remarks, no loan id, titled after its kind', async () => {
    renderModal();
    expect(await screen.findByRole('textbox', { name: /Amount/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Loan ID/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'Top-up' })).toBeInTheDocument();
  });

  it('[UW-5.48][UW-5.49][UW-5.50] the amount must be 1 to 20 whole digits, with the form file message', async () => {
    const { gateway } = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Request' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveAccessibleDescription('Invalid Value. Whole numbers only.');
    await userEvent.type(amount, '12.5');
    await typedTextHandedOn();
    expect(amount).toHaveAccessibleDescription('Invalid Value. Whole numbers only.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1'.repeat(21));
    await userEvent.click(screen.getByRole('button', { name: 'Verify Request' }));
    expect(amount).toHaveAccessibleDescription('Invalid Value. Whole numbers only.');
    expect(gateway.created).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1'.repeat(20));
    await typedTextHandedOn();
    expect(amount).not.toHaveAccessibleDescription('Invalid Value. Whole numbers only.');
  });

  it('[UW-4.29][UW-5.51][UW-5.52] Cash In Loan asks for a loan id of 3 to 20 characters', async () => {
    const { gateway } = renderModal({ kind: 'loan' });
    await userEvent.type(await screen.findByRole('textbox', { name: /Amount/ }), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Request' }));
    const loanId = screen.getByRole('textbox', { name: /Loan ID/ });
    expect(loanId).toHaveAccessibleDescription('Loan ID is required.');
    await userEvent.type(loanId, 'LN');
    await typedTextHandedOn();
    expect(loanId).toHaveAccessibleDescription('Loan ID is required.');
    await userEvent.type(loanId, '-7');
    await typedTextHandedOn();
    expect(loanId).not.toHaveAccessibleDescription('Loan ID is required.');
    expect(gateway.created).toHaveLength(0);
    gateway.answerCreate({ value: pendingTransaction({ type: 32 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Verify Request' }));
    await waitFor(() => expect(gateway.created).toHaveLength(1));
    expect(gateway.created[0]?.attributes).toMatchObject({ Amount: '300', ExternalId: 'LN-7', template: 'loan', ReceiverUserId: '257', Currency: 'GMD' });
  });

  it('[UW-4.30][UW-4.31] Verify Request shows Processing..., then the fee, reference number and date', async () => {
    const { gateway } = renderModal();
    let answer: (transaction: WalletTransaction) => void = () => {};
    gateway.answerCreate(new Promise<WalletTransaction>((resolve) => (answer = resolve)));
    await verify('500');
    expect(await screen.findByText('Processing...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Request' })).toBeDisabled();
    act(() => answer(pendingTransaction({ fee: '5.00' })));
    expect(await screen.findByRole('heading', { name: 'Transaction details and fees' })).toBeInTheDocument();
    const facts = screen.getByRole('table');
    expect(within(facts).getByText('WT2026112100005002')).toBeInTheDocument();
    expect(within(facts).getByText('GMD 5.00')).toBeInTheDocument();
    expect(within(facts).getByText('GMD 500.00')).toBeInTheDocument();
    expect(within(facts).getByText(/^\d{2}-Nov-2026 \d{1,2}:\d{2}(am|pm)$/)).toBeInTheDocument();
  });

  it("[UW-8.22] says 'Processing...' while Send Request confirms the code, and not once it is answered", async () => {
    const { gateway } = renderModal();
    const code = await reachCodeStep(gateway);
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
    let answer: (transaction: WalletTransaction) => void = () => {};
    gateway.answerConfirm(new Promise<WalletTransaction>((resolve) => (answer = resolve)));
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Processing\.\.\.$/);
    act(() => answer(completed()));
    await waitFor(() => expect(screen.queryByText('Processing...')).not.toBeInTheDocument());
  });

  it('[UW-4.40][UW-4.41] Cash Out sends the amount negative', async () => {
    const { gateway } = renderModal({ kind: 'cashOut' });
    gateway.answerCreate({ value: pendingTransaction({ type: 256 }) });
    await verify('200');
    await screen.findByText('Transaction details and fees');
    expect(gateway.created[0]?.attributes).toMatchObject({ Amount: '-200', template: 'cashout' });
  });

  it('[UW-8.18] a Verify Request error shows in the modal alert and keeps the amount step', async () => {
    const { gateway } = renderModal({ kind: 'cashOut' });
    gateway.answerCreate({ error: new ApiError(422, [{ status: '422', title: 'Insufficient wallet balance', detail: 'The wallet holds 10.00 GMD.' }]) });
    await verify('999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('The wallet holds 10.00 GMD.');
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('999999');
  });

  it('[UW-4.32][UW-5.54][RP-5.10] Send Request waits for a 6-digit code', async () => {
    const { gateway } = renderModal();
    const code = await reachCodeStep(gateway);
    const send = screen.getByRole('button', { name: 'Send Request' });
    expect(send).toBeDisabled();
    await userEvent.type(code, '12345');
    expect(send).toBeDisabled();
    await userEvent.type(code, '6');
    expect(send).toBeEnabled();
  });

  it('[UW-4.39][UW-8.19][RP-8.11] a wrong code shows Invalid OTP entered! under the code and the code step stays open', async () => {
    const { gateway } = renderModal();
    const code = await reachCodeStep(gateway);
    gateway.answerConfirm({ error: wrongCode() });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP entered!');
    expect(screen.getByRole('textbox', { name: /One-time code/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeInTheDocument();
  });

  it('[UW-4.34][UW-8.14] the re-send link sends a new code and says so', async () => {
    const { gateway } = renderModal();
    await reachCodeStep(gateway);
    gateway.answerResend({ value: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Re-send code' }));
    expect(await screen.findByText('OPT has successfully been sent to your registered mobile and email address.')).toBeInTheDocument();
    expect(gateway.resent).toEqual([{ id: '5002' }]);
  });

  it('[UW-4.33][UW-4.35][UW-4.36][UW-4.37][UW-4.38] the right code: toast, confirmation view, Ok closes with a refresh', async () => {
    const { gateway, onClose } = renderModal();
    const code = await reachCodeStep(gateway);
    gateway.answerConfirm({ value: completed({ amount: '500.00', fee: '0.00' }) });
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Transaction Completed', { selector: '.mantine-Notification-description, .mantine-Notifications-root *' })).toBeInTheDocument();
    const view = within(screen.getByRole('dialog'));
    expect(view.getByRole('heading', { name: 'Transaction Completed' })).toBeInTheDocument();
    expect(view.getByText('WT2026112100005002')).toBeInTheDocument();
    expect(view.getByText('GMD 500.00')).toBeInTheDocument();
    expect(view.getByText('GMD 0.00')).toBeInTheDocument();
    expect(gateway.confirmed).toEqual([{ id: '5002', otp: '123456' }]);
    await userEvent.click(view.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ refreshNeeded: true, transaction: { status: 'COMPLETED' } });
  });

  it('a click outside the modal closes neither the code step nor the receipt', async () => {
    // A receipt shorter than the code step re-centres, so the second click of a double-clicked Send Request can land
    // outside it: the receipt must stay to be read; Close, Escape and Ok close it.
    const { gateway, onClose } = renderModal();
    const code = await reachCodeStep(gateway);
    const overlay = () => document.querySelector('.mantine-Modal-overlay') as HTMLElement;
    await userEvent.click(overlay());
    expect(code).toBeInTheDocument();
    gateway.answerConfirm({ value: completed() });
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('heading', { name: 'Transaction Completed' });
    await userEvent.click(overlay());
    expect(screen.getByRole('heading', { name: 'Transaction Completed' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('a double-clicked Send Request confirms once', async () => {
    const { gateway } = renderModal();
    const code = await reachCodeStep(gateway);
    gateway.answerConfirm({ value: completed() });
    await userEvent.type(code, '123456');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('heading', { name: 'Transaction Completed' });
    expect(gateway.confirmed).toHaveLength(1);
  });

  it('a double-clicked Verify Request creates once', async () => {
    const { gateway } = renderModal();
    gateway.answerCreate({ value: pendingTransaction() });
    await userEvent.type(await screen.findByRole('textbox', { name: /Amount/ }), '500');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Verify Request' }));
    await screen.findByText('Transaction details and fees');
    expect(gateway.created).toHaveLength(1);
  });

  it('a failed transaction offers to start over with a new attempt', async () => {
    const { gateway } = renderModal();
    const code = await reachCodeStep(gateway);
    gateway.answerConfirm({ value: pendingTransaction({ status: 'FAILED' }) });
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The transaction failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('textbox', { name: /Amount/ })).toHaveValue('500');
    gateway.answerCreate({ value: pendingTransaction({ id: '5003' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Verify Request' }));
    await screen.findByText('Transaction details and fees');
    expect(gateway.created).toHaveLength(2);
    expect(gateway.created[1]?.idempotencyKey).not.toBe(gateway.created[0]?.idempotencyKey);
  });

  it('puts focus on each step: the amount, Proceed, the code (again after a wrong one), Ok', async () => {
    const { gateway } = renderModal();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveFocus());
    gateway.answerCreate({ value: pendingTransaction() });
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /One-time code/ })).toHaveFocus());
    gateway.answerConfirm({ error: wrongCode() });
    await userEvent.keyboard('000000{Enter}');
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /One-time code/ })).toHaveFocus());
    gateway.answerConfirm({ value: completed() });
    await userEvent.keyboard('123456{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus());
  });

  it('closing before anything was sent needs no refresh', async () => {
    const { onClose } = renderModal();
    await screen.findByRole('textbox', { name: /Amount/ });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ refreshNeeded: false, transaction: null }));
  });

  it('[RP-2.53] a pending transaction opens at its code step, with re-send and Send Request', async () => {
    const { gateway, onClose } = renderModal({ pending: pendingTransaction({ id: '19779', referenceNumber: 'WT261120019779' }) });
    const code = await screen.findByRole('textbox', { name: /One-time code/ });
    expect(within(screen.getByRole('dialog')).getByText('WT261120019779')).toBeInTheDocument();
    gateway.answerResend({ value: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Re-send code' }));
    await screen.findByText('OPT has successfully been sent to your registered mobile and email address.');
    gateway.answerConfirm({ value: completed({ id: '19779', referenceNumber: 'WT261120019779' }) });
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('heading', { name: 'Transaction Completed' });
    expect(gateway.created).toHaveLength(0);
    expect(gateway.confirmed).toEqual([{ id: '19779', otp: '654321' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ refreshNeeded: true })));
  });
});
