import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';

// The client keeps the fetch it finds when it is created, so the fake goes in before any import.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', mock);
  return mock;
});

const { createUserGatewayActors, topUpGatewayActors, uploadDocumentsGatewayActors } = await import('./gateway-actors');
const { topUpMachine } = await import('./top-up.machine');
const { createUserMachine } = await import('./create-user.machine');
const { uploadDocumentsMachine } = await import('./upload-documents.machine');

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
      input: { kind: 'cashOut', receiverUserId: 'u-1001', currency: 'GMD', createKey: () => 'key-1' },
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
      input: { kind: 'loan', receiverUserId: 'u-1001', serviceId: '3', createKey: () => 'key-1' },
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
      input: { kind: 'topUp', receiverUserId: 'u-1001' },
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
      input: { kind: 'topUp', receiverUserId: 'u-1001' },
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

describe('the create-user wizard and uploads on the gateway client (users-and-wallets §7)', () => {
  const details = {
    role: 4,
    firstname: 'Awa',
    lastname: 'Jallow',
    birthdate: '1990-04-12',
    gender: 'Female',
    email: 'awa@example.test',
    nationality: 'Gambian',
    phonenumber: '2207012345',
  };
  const user = (id: string) => ({ data: { type: 'user', id, attributes: {} } });
  const stored = {
    data: {
      type: 'document',
      id: 'd-1',
      attributes: { type: 'Passport', number: 'P1', expiryDate: null, url1: '/files/f-1', url2: null, url3: null, url: '/files/f-1' },
    },
  };

  async function finish(audience: 'admin' | 'endUser', values: typeof details) {
    const actor = createActor(createUserMachine.provide({ actors: createUserGatewayActors }), {
      input: { audience, creatorRole: 4, tenantId: 'ss-gmb', requiresGroup: false, validateDetails: () => ({}) },
    }).start();
    actor.send({ type: 'CHANGE_DETAILS', values });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_DOCUMENT', values: { documentType: 'Passport', documentNumber: 'P1', expiryDate: '2030-01-31' } });
    actor.send({ type: 'ADD_FILES', files: [new File(['%PDF-1.4'], 'id.pdf', { type: 'application/pdf' })] });
    actor.send({ type: 'NEXT' });
    fetchMock.mockResolvedValueOnce(json(201, user('u-2001'))).mockResolvedValueOnce(json(201, stored));
    actor.send({ type: 'FINISH' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    return actor;
  }

  it('[UW-4.45] [UW-4.46] an admin is created with POST um/user, then its document is posted for the new id', async () => {
    const actor = await finish('admin', details);
    const create = requestAt(0);
    expect(create.method).toBe('POST');
    expect(new URL(create.url).pathname).toBe('/api/v1/um/user');
    expect(await create.json()).toEqual({ data: { type: 'User', attributes: { ...details, group: 0 } } });
    const upload = requestAt(1);
    expect(new URL(upload.url).pathname).toBe('/api/v1/fs/documents/u-2001');
    expect(actor.getSnapshot().output).toEqual({ userId: 'u-2001', refreshNeeded: true });
  });

  it('[UW-4.45] an end user is created with POST um/pendingUser', async () => {
    const { email: _email, ...endUser } = details;
    await finish('endUser', { ...endUser, role: 256, email: '' });
    expect(new URL(requestAt(0).url).pathname).toBe('/api/v1/um/pendingUser');
    expect(await requestAt(0).json()).toEqual({ data: { type: 'User', attributes: { ...endUser, role: 256 } } });
  });

  it('[UW-4.60] the upload sends documentType, documentNumber, expiryDate and the files as multipart', async () => {
    const actor = createActor(uploadDocumentsMachine.provide({ actors: uploadDocumentsGatewayActors }), {
      input: { userId: 'u-1001' },
    }).start();
    actor.send({ type: 'CHANGE', values: { documentType: 'Passport', documentNumber: 'P1', expiryDate: '2030-01-31' } });
    actor.send({ type: 'ADD_FILES', files: [new File(['a'], 'a.pdf'), new File(['b'], 'b.png')] });
    fetchMock.mockResolvedValueOnce(json(201, stored));
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    const upload = requestAt(0);
    expect(upload.method).toBe('POST');
    expect(new URL(upload.url).pathname).toBe('/api/v1/fs/documents/u-1001');
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await upload.text();
    for (const part of ['name="documentType"\r\n\r\nPassport', 'name="documentNumber"\r\n\r\nP1', 'name="expiryDate"\r\n\r\n2030-01-31']) {
      expect(body).toContain(part);
    }
    // Node's FormData here does not know jsdom's File, so the part names its file "blob"; a browser keeps the name.
    expect(body.match(/name="files"; filename="[^"]+"/g)).toHaveLength(2);
    expect(actor.getSnapshot().output?.uploaded?.id).toBe('d-1');
  });
});
