// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { FakeGateway, type FakeCall } from '../../../api/test-support/fake-gateway';
import { createUserMachine, type DetailsToAttributes } from '../../../flows/create-user.machine';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { requestAttributes } from '../../../render/form/request-body';
import { uploadDocumentsMachine } from '../../../flows/upload-documents.machine';
import { createUserGatewayActors } from '../create/create-user-actors';
import { uploadDocumentsActor } from './upload-documents';

let gateway: FakeGateway;
/** The wizard's request, from the create-user form file's submit binding as the app builds it. */
let toAttributes: DetailsToAttributes;
beforeAll(async () => {
  const { form } = await loadCompiledForm('create-user');
  toAttributes = (details, operation) => requestAttributes(form, operation, { ...details });
});
beforeEach(() => {
  gateway = new FakeGateway();
  fetchProxy.handle = gateway.handle;
});

function callAt(index: number): FakeCall {
  const call = gateway.calls[index];
  if (!call) throw new Error(`no request #${index}`);
  return call;
}

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
  const user = (id: string) => ({ status: 201, body: { data: { type: 'user', id, attributes: {} } } });
  const stored = {
    status: 201,
    body: {
      data: {
        type: 'document',
        id: 'd-1',
        attributes: { type: 'Passport', number: 'P1', expiryDate: null, url1: '/files/f-1', url2: null, url3: null, url: '/files/f-1' },
      },
    },
  };

  async function finish(audience: 'admin' | 'endUser', values: typeof details) {
    const machine = createUserMachine.provide({ actors: createUserGatewayActors });
    const actor = createActor(machine, {
      input: { audience, creatorRole: 4, tenantId: 'ss-gmb', requiresGroup: false, validateDetails: () => ({}), toAttributes },
    }).start();
    actor.send({ type: 'CHANGE_DETAILS', values });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_DOCUMENT', values: { documentType: 'Passport', documentNumber: 'P1', expiryDate: '2030-01-31' } });
    actor.send({ type: 'ADD_FILES', files: [new File(['%PDF-1.4'], 'id.pdf', { type: 'application/pdf' })] });
    actor.send({ type: 'NEXT' });
    gateway.on('POST', /^\/api\/v1\/um\/(user|pendingUser)$/, () => user('u-2001'));
    gateway.on('POST', '/api/v1/fs/documents/u-2001', () => stored);
    actor.send({ type: 'FINISH' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    return actor;
  }

  it('[UW-4.45] [UW-4.46] an admin is created with POST um/user, then its document is posted for the new id', async () => {
    const actor = await finish('admin', details);
    const create = callAt(0);
    expect(create.method).toBe('POST');
    expect(create.path).toBe('/api/v1/um/user');
    expect(create.body).toEqual({ data: { type: 'User', attributes: { ...details, group: 0 } } });
    expect(callAt(1).path).toBe('/api/v1/fs/documents/u-2001');
    expect(actor.getSnapshot().output).toEqual({ userId: 'u-2001', refreshNeeded: true });
  });

  it('[UW-4.45] an end user is created with POST um/pendingUser', async () => {
    const { email: _email, ...endUser } = details;
    await finish('endUser', { ...endUser, role: 256, email: '' });
    expect(callAt(0).path).toBe('/api/v1/um/pendingUser');
    expect(callAt(0).body).toEqual({ data: { type: 'User', attributes: { ...endUser, role: 256 } } });
  });

  it('[UW-4.60] the upload sends documentType, documentNumber, expiryDate and the files as multipart', async () => {
    const machine = uploadDocumentsMachine.provide({ actors: { uploadDocuments: uploadDocumentsActor } });
    const actor = createActor(machine, { input: { userId: 'u-1001' } }).start();
    actor.send({ type: 'CHANGE', values: { documentType: 'Passport', documentNumber: 'P1', expiryDate: '2030-01-31' } });
    actor.send({ type: 'ADD_FILES', files: [new File(['a'], 'a.pdf'), new File(['b'], 'b.png')] });
    gateway.on('POST', '/api/v1/fs/documents/u-1001', () => stored);
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    const upload = callAt(0);
    expect(upload.method).toBe('POST');
    expect(upload.path).toBe('/api/v1/fs/documents/u-1001');
    expect(upload.request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await upload.request.text();
    for (const part of ['name="documentType"\r\n\r\nPassport', 'name="documentNumber"\r\n\r\nP1', 'name="expiryDate"\r\n\r\n2030-01-31']) {
      expect(body).toContain(part);
    }
    // Node's FormData here does not know jsdom's File, so the part names its file "blob"; a browser keeps the name.
    expect(body.match(/name="files"; filename="[^"]+"/g)).toHaveLength(2);
    expect(actor.getSnapshot().output?.uploaded?.id).toBe('d-1');
  });
});
