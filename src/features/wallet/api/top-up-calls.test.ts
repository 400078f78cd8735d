import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { TopUpKind } from '../../../flows/top-up.machine';

// The client keeps the fetch it finds when it is created, so the fake goes in before any import.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', mock);
  return mock;
});

const { topUpMachine } = await import('../../../flows/top-up.machine');
const { topUpGatewayActors } = await import('../top-up/top-up-actors');
const { topUpEntryValidator } = await import('../top-up/top-up-form');
const { loadCompiledForm } = await import('../../../render/form/compiled-forms');
const { validateFormValues } = await import('../../../render/form/form-errors');

const topUpForm = await loadCompiledForm('top-up');
const formValidator = (kind: TopUpKind) => topUpEntryValidator((values) => validateFormValues(topUpForm, values), kind);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const transaction = (status: string) => ({
  data: {
    type: 'wallettransaction',
    id: 't-5002',
    attributes: {
      fee: '2.00',
      referenceNumber: 'WT20240301000124',
      transactionDate: '2024-03-01T10:05:00Z',
      amount: '200.00',
      currency: 'GMD',
      status,
      type: 256,
    },
  },
});

function requestAt(index: number): Request {
  const request = fetchMock.mock.calls[index]?.[0];
  if (!(request instanceof Request)) throw new Error(`no request #${index}`);
  return request;
}

afterEach(() => {
  fetchMock.mockReset();
});

describe('the top-up machine on the gateway client (users-and-wallets §7)', () => {
  it('[UW-4.30] [UW-4.33] [UW-4.39] [UW-4.40] cash-out: POST with the idempotency key, a wrong code, then the right one', async () => {
    const actor = createActor(topUpMachine.provide({ actors: topUpGatewayActors }), {
      input: { kind: 'cashOut', receiverUserId: 'u-1001', validateEntry: formValidator('cashOut'), currency: 'GMD', createKey: () => 'key-1' },
    }).start();
    fetchMock.mockResolvedValueOnce(json(201, transaction('PENDING')));
    actor.send({ type: 'EDIT', field: 'amount', value: '200' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('feeReview'));

    const create = requestAt(0);
    expect(create.method).toBe('POST');
    expect(new URL(create.url).pathname).toBe('/api/v1/wallet-transactions');
    expect(create.headers.get('Idempotency-Key')).toBe('key-1');
    expect(await create.json()).toEqual({
      data: {
        type: 'wallettransaction',
        attributes: { Amount: '-200', ReceiverUserId: 'u-1001', Currency: 'GMD', template: 'cashout' },
      },
    });
    expect(actor.getSnapshot().context.transaction).toMatchObject({ id: 't-5002', fee: '2.00' });

    actor.send({ type: 'PROCEED' });
    actor.send({ type: 'ENTER_CODE', value: '000000' });
    fetchMock.mockResolvedValueOnce(
      json(422, {
        errors: [{ status: '422', title: 'Invalid OTP entered!', code: 'invalid_otp', source: { pointer: '/data/attributes/Otp' } }],
      }),
    );
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('codeEntry') && snapshot.context.alert !== null);
    expect(actor.getSnapshot().context.alert?.text).toBe('Invalid OTP entered!');

    const confirm = requestAt(1);
    expect(confirm.method).toBe('PATCH');
    expect(new URL(confirm.url).pathname).toBe('/api/v1/wallet-transactions/t-5002');
    expect(await confirm.json()).toEqual({ data: { type: 'wallettransaction', id: 't-5002', attributes: { Otp: '000000' } } });

    fetchMock.mockResolvedValueOnce(json(200, transaction('COMPLETED')));
    actor.send({ type: 'ENTER_CODE', value: '482913' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('completed'));
  });

  it('[UW-3.12] a top-up through a chosen service sends ReceiverUserId, Amount, ServiceId, Remarks and ExternalId', async () => {
    const actor = createActor(topUpMachine.provide({ actors: topUpGatewayActors }), {
      input: { kind: 'loan', receiverUserId: 'u-1001', validateEntry: formValidator('loan'), serviceId: '3', createKey: () => 'key-1' },
    }).start();
    fetchMock.mockResolvedValueOnce(json(201, transaction('PENDING')));
    actor.send({ type: 'EDIT', field: 'amount', value: '300' });
    actor.send({ type: 'EDIT', field: 'loanId', value: 'LN-42' });
    actor.send({ type: 'EDIT', field: 'remarks', value: 'Loan disbursed at branch' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('feeReview'));

    expect(await requestAt(0).json()).toEqual({
      data: {
        type: 'wallettransaction',
        attributes: { ReceiverUserId: 'u-1001', Amount: '300', ServiceId: '3', Remarks: 'Loan disbursed at branch', ExternalId: 'LN-42' },
      },
    });
  });

  it('[UW-4.34] the re-send link calls GET wallet-transaction-otp/{id}', async () => {
    const actor = createActor(topUpMachine.provide({ actors: topUpGatewayActors }), {
      input: { kind: 'topUp', receiverUserId: 'u-1001', validateEntry: formValidator('topUp') },
    }).start();
    fetchMock.mockResolvedValueOnce(json(201, transaction('PENDING')));
    actor.send({ type: 'EDIT', field: 'amount', value: '5' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('feeReview'));
    actor.send({ type: 'PROCEED' });
    fetchMock.mockResolvedValueOnce(json(200, { meta: { message: 'sent' } }));
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('codeEntry') && snapshot.context.alert?.severity === 'success');
    const resend = requestAt(1);
    expect(resend.method).toBe('GET');
    expect(new URL(resend.url).pathname).toBe('/api/v1/wallet-transaction-otp/t-5002');
  });

  it('[UW-8.01] a fetch that fails shows the connection text and RETRY sends the same key', async () => {
    const actor = createActor(topUpMachine.provide({ actors: topUpGatewayActors }), {
      input: { kind: 'topUp', receiverUserId: 'u-1001', validateEntry: formValidator('topUp') },
    }).start();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    actor.send({ type: 'EDIT', field: 'amount', value: '5' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('entry') && snapshot.context.alert !== null);
    expect(actor.getSnapshot().context.alert?.text).toBe(
      'There was a problem in connecting to the server. Please check your internet and try again.',
    );
    fetchMock.mockResolvedValueOnce(json(201, transaction('PENDING')));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('feeReview'));
    expect(requestAt(1).headers.get('Idempotency-Key')).toBe(requestAt(0).headers.get('Idempotency-Key'));
  });
});
