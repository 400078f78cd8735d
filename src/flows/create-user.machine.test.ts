import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../api/errors';
import { loadCompiledForm } from '../render/form/compiled-forms';
import { validateFormValues } from '../render/form/form-errors';
import { requestAttributes } from '../render/form/request-body';
import {
  CREATE_TIMEOUT_MS,
  CREATE_USER_STEPS,
  asksGroup,
  createUserMachine,
  documentsOf,
  isSaving,
  wizardRoleChoices,
  wizardStep,
  type CreateUserInput,
  type CreateUserWizardInput,
  type CreatedUser,
  type DetailsToAttributes,
  type UserDetails,
} from './create-user.machine';
import {
  uploadDocumentsMachine,
  type DocumentFields,
  type FieldErrors,
  type UploadDocumentsInput,
  type UploadedDocument,
} from './upload-documents.machine';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

const admin: UserDetails = {
  role: 64,
  group: 3,
  firstname: 'Awa',
  lastname: 'Jallow',
  birthdate: '1990-04-12',
  gender: 'Female',
  email: 'awa@example.test',
  nationality: 'Gambian',
  phonenumber: '2207012345',
};

const passport: DocumentFields = { documentType: 'Passport', documentNumber: 'P1234567', expiryDate: '2030-01-31' };

const uploaded: UploadedDocument = {
  type: 'document',
  id: 'd-1',
  attributes: {
    type: 'Passport',
    number: 'P1234567',
    expiryDate: '2030-01-31',
    url1: '/files/f-1?exp=1&sig=x',
    url2: null,
    url3: null,
    url: '/files/f-1?exp=1&sig=x',
  },
};

/** A stand-in for the create-user form's validator: a few of its rules, its messages. */
function validateDetails(details: UserDetails): FieldErrors {
  const errors: FieldErrors = {};
  const { firstname, phonenumber } = details;
  if (typeof firstname !== 'string' || firstname === '') errors.firstname = 'first name is required';
  else if (!/^[\p{L}\p{M} ]+$/u.test(firstname)) errors.firstname = 'first name is not in correct format';
  if (typeof phonenumber !== 'string' || !/^[0-9]{7,20}$/.test(phonenumber)) errors.phonenumber = 'Invalid Mobile Number';
  return errors;
}

/** The request as the wizard builds it: from the create-user form file's submit binding. */
let toAttributes: DetailsToAttributes;
beforeAll(async () => {
  const { form } = await loadCompiledForm('create-user');
  toAttributes = (details, operation) => requestAttributes(form, operation, { ...details });
});

function validateDocument(fields: DocumentFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.documentType) errors.documentType = 'Invalid Document Type';
  if (!fields.documentNumber) errors.documentNumber = 'Invalid Document Id';
  return errors;
}

function file(name: string): File {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

function gateway() {
  return {
    createUser: vi.fn<(input: CreateUserInput) => Promise<CreatedUser>>(() => new Promise(() => {})),
    upload: vi.fn<(input: UploadDocumentsInput) => Promise<UploadedDocument>>(() => new Promise(() => {})),
    toast: vi.fn<(text: string) => void>(),
  };
}

function start(input: Partial<CreateUserWizardInput> = {}) {
  const calls = gateway();
  const machine = createUserMachine.provide({
    actors: {
      createUser: fromPromise<CreatedUser, CreateUserInput>(({ input: body }) => calls.createUser(body)),
      documents: uploadDocumentsMachine.provide({
        actors: { uploadDocuments: fromPromise<UploadedDocument, UploadDocumentsInput>(({ input: body }) => calls.upload(body)) },
      }),
    },
    actions: { notifySuccess: (_, params) => calls.toast(params.text) },
  });
  const actor = createActor(machine, {
    input: {
      audience: 'admin',
      creatorRole: 4,
      tenantId: 'naccug',
      requiresGroup: true,
      validateDetails,
      validateDocument,
      toAttributes,
      ...input,
    },
  }).start();
  return { actor, calls };
}

type Started = ReturnType<typeof start>;

const settle = () => vi.advanceTimersByTimeAsync(0);

function toReview({ actor }: Started, details: UserDetails = admin) {
  actor.send({ type: 'CHANGE_DETAILS', values: details });
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'CHANGE_DOCUMENT', values: passport });
  actor.send({ type: 'ADD_FILES', files: [file('passport.pdf')] });
  actor.send({ type: 'NEXT' });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('create-user wizard happy paths (users-and-wallets §4)', () => {
  it('[UW-4.42] [UW-4.45] [UW-4.46] [UW-4.47] an admin goes through the three steps, is created, then gets the document', async () => {
    const { actor, calls } = start();
    expect(CREATE_USER_STEPS).toEqual(['Create User Details', 'Upload Document(s)', 'Review Page']);
    expect(wizardStep(actor.getSnapshot())).toBe(0);

    actor.send({ type: 'CHANGE_DETAILS', values: admin });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
    expect(wizardStep(actor.getSnapshot())).toBe(1);

    actor.send({ type: 'CHANGE_DOCUMENT', values: passport });
    actor.send({ type: 'ADD_FILES', files: [file('passport.pdf'), file('back.pdf')] });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('review')).toBe(true);
    expect(wizardStep(actor.getSnapshot())).toBe(2);
    expect(actor.getSnapshot().context.details).toEqual(admin);
    expect(documentsOf(actor.getSnapshot()).files.map((chosen) => chosen.name)).toEqual(['passport.pdf', 'back.pdf']);

    calls.createUser.mockResolvedValueOnce({ id: 'u-2001' });
    calls.upload.mockResolvedValueOnce(uploaded);
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().matches({ saving: 'creating' })).toBe(true);
    expect(isSaving(actor.getSnapshot())).toBe(true);
    expect(wizardStep(actor.getSnapshot())).toBe(3);
    expect(calls.createUser).toHaveBeenCalledWith({
      audience: 'admin',
      attributes: {
        role: 64,
        group: 3,
        firstname: 'Awa',
        lastname: 'Jallow',
        birthdate: '1990-04-12',
        gender: 'Female',
        email: 'awa@example.test',
        nationality: 'Gambian',
        phonenumber: '2207012345',
      },
    });

    await settle();
    expect(calls.upload).toHaveBeenCalledTimes(1);
    const [upload] = calls.upload.mock.calls[0] ?? [];
    expect(upload?.userId).toBe('u-2001');
    expect(upload?.document).toMatchObject({ documentType: 'Passport', documentNumber: 'P1234567', expiryDate: '2030-01-31' });
    expect(upload?.document.files.map((chosen) => chosen.name)).toEqual(['passport.pdf', 'back.pdf']);

    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.toast).toHaveBeenCalledWith('Successfully created user.');
    expect(actor.getSnapshot().output).toEqual({ userId: 'u-2001', refreshNeeded: true });
  });

  it('[UW-4.45] [UW-5.26] [UW-6.08] an end user is created with role 256 through createEndUser, e-mail optional', async () => {
    const started = start({ audience: 'endUser', creatorRole: 64 });
    const { actor, calls } = started;
    expect(wizardRoleChoices(actor.getSnapshot())).toEqual([256]);
    const { email: _email, role: _role, ...withoutEmail } = admin;
    toReview(started, { ...withoutEmail, role: 256, externalid: 'CU-00912', middlename: 'Binta' });
    calls.createUser.mockResolvedValueOnce({ id: 'u-2002' });
    calls.upload.mockResolvedValueOnce(uploaded);
    actor.send({ type: 'FINISH' });
    expect(calls.createUser).toHaveBeenCalledWith({
      audience: 'endUser',
      attributes: {
        role: 256,
        group: 3,
        firstname: 'Awa',
        middlename: 'Binta',
        lastname: 'Jallow',
        birthdate: '1990-04-12',
        gender: 'Female',
        nationality: 'Gambian',
        phonenumber: '2207012345',
        externalid: 'CU-00912',
      },
    });
    await settle();
    await settle();
    expect(actor.getSnapshot().output).toEqual({ userId: 'u-2002', refreshNeeded: true });
  });
});

describe('step 1: details (users-and-wallets §4, §5, §6)', () => {
  it('[UW-4.43] step 1 advances only when the details have no validation errors', () => {
    const { actor } = start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    actor.send({ type: 'CHANGE_DETAILS', values: { ...admin, firstname: 'Awa1', phonenumber: '123' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.detailErrors).toEqual({
      firstname: 'first name is not in correct format',
      phonenumber: 'Invalid Mobile Number',
    });
    actor.send({ type: 'CHANGE_DETAILS', values: { ...admin, phonenumber: '123' } });
    expect(actor.getSnapshot().context.detailErrors).toEqual({ phonenumber: 'Invalid Mobile Number' });
    actor.send({ type: 'CHANGE_DETAILS', values: admin });
    expect(actor.getSnapshot().context.detailErrors).toEqual({});
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
  });

  it('[UW-4.43] [UW-5.12] [UW-5.30] the create-user form validator is the source of the step 1 rules', async () => {
    const module = await loadCompiledForm('create-user');
    const context = {
      role: 4,
      roles: [4],
      tenant: 'naccug',
      tenantType: 'wallet' as const,
      isAdminTenant: false,
      isMainTenant: false,
      ownProfile: false,
      newRecord: true,
      openedFrom: null,
      payoutAdmin: false,
      path: '/wallet/admins',
    };
    const { actor } = start({ validateDetails: (details) => validateFormValues(module, { ...details }, context) });
    actor.send({ type: 'CHANGE_DETAILS', values: { ...admin, firstname: 'Awa2', phonenumber: '220123' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.detailErrors).toMatchObject({
      firstname: 'first name is not in correct format',
      phonenumber: 'Invalid Mobile Number',
    });
    actor.send({ type: 'CHANGE_DETAILS', values: admin });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
  });

  it('[UW-5.56] [UW-6.05] a role outside the creator\'s choices is refused with the role message', () => {
    const { actor } = start({ creatorRole: 16 });
    expect(wizardRoleChoices(actor.getSnapshot())).toEqual([16, 64]);
    actor.send({ type: 'CHANGE_DETAILS', values: { ...admin, role: 4 } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.detailErrors).toEqual({ role: 'Please select a role' });
    const { role: _role, ...noRole } = admin;
    actor.send({ type: 'CHANGE_DETAILS', values: noRole });
    expect(actor.getSnapshot().context.detailErrors.role).toBe('Please select a role');
  });

  it('[UW-5.09] [UW-6.08] an end-user wizard refuses an admin role', () => {
    const { actor } = start({ audience: 'endUser' });
    actor.send({ type: 'CHANGE_DETAILS', values: { ...admin, role: 64 } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.detailErrors).toEqual({ role: 'Please select a role' });
  });

  it('[UW-5.55] [UW-6.10] [UW-5.10] role 64 on naccug needs a Credit Union', () => {
    const { actor } = start();
    const { group: _group, ...noGroup } = admin;
    actor.send({ type: 'CHANGE_DETAILS', values: noGroup });
    expect(asksGroup(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.detailErrors).toEqual({ group: 'Please select a Credit Union' });
  });

  it('[UW-6.09] roles 4 and 16 are created with group 0 and not asked', async () => {
    const started = start();
    const { group: _group, ...noGroup } = admin;
    started.actor.send({ type: 'CHANGE_DETAILS', values: { ...noGroup, role: 16 } });
    expect(asksGroup(started.actor.getSnapshot())).toBe(false);
    toReview(started, { ...admin, role: 16, group: 7 });
    started.actor.send({ type: 'FINISH' });
    expect(started.calls.createUser.mock.calls[0]?.[0].attributes).toMatchObject({ role: 16, group: 0 });
  });

  it('[UW-6.15] a tenant without groups neither asks for nor sends one', () => {
    const started = start({ tenantId: 'ss-gmb', requiresGroup: false });
    const { group: _group, ...noGroup } = admin;
    toReview(started, noGroup);
    expect(asksGroup(started.actor.getSnapshot())).toBe(false);
    started.actor.send({ type: 'FINISH' });
    expect(started.calls.createUser.mock.calls[0]?.[0].attributes).not.toHaveProperty('group');
  });

  it('[UW-5.20] a missing gender blocks step 1', () => {
    const { actor } = start();
    const { gender: _gender, ...noGender } = admin;
    actor.send({ type: 'CHANGE_DETAILS', values: noGender });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.detailErrors).toEqual({ gender: 'Please select gender' });
  });
});

describe('step 2: documents (users-and-wallets §5)', () => {
  it('[UW-4.44] [UW-5.46] [UW-5.47] the upload step cannot be passed without a file', () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE_DETAILS', values: admin });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_DOCUMENT', values: passport });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
    expect(documentsOf(actor.getSnapshot()).alert).toEqual({
      severity: 'warning',
      title: 'Attachment Required!',
      text: 'Please attach required documents to proceed.',
    });
    actor.send({ type: 'ADD_FILES', files: [file('id.pdf')] });
    expect(documentsOf(actor.getSnapshot()).alert).toBeNull();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('review')).toBe(true);
  });

  it('[UW-5.39] [UW-5.40] type and number are required', () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE_DETAILS', values: admin });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_FILES', files: [file('id.pdf')] });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
    expect(documentsOf(actor.getSnapshot()).errors).toEqual({
      documentType: 'Invalid Document Type',
      documentNumber: 'Invalid Document Id',
    });
    actor.send({ type: 'CHANGE_DOCUMENT', values: { documentType: 'Passport' } });
    expect(documentsOf(actor.getSnapshot()).errors).toEqual({ documentNumber: 'Invalid Document Id' });
    actor.send({ type: 'CHANGE_DOCUMENT', values: { documentNumber: 'P1' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('review')).toBe(true);
  });

  it('[UW-5.42] [UW-5.44] [UW-5.45] files follow the document rules: 3 at most, no duplicates, extensionless renamed', () => {
    const { actor } = start({ random: () => 0 });
    actor.send({ type: 'CHANGE_DETAILS', values: admin });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_FILES', files: [file('a.pdf'), file('a.pdf'), file('scan')] });
    actor.send({ type: 'ADD_FILES', files: [file('b.png'), file('c.png')] });
    expect(documentsOf(actor.getSnapshot()).files.map((chosen) => chosen.name)).toEqual(['a.pdf', 'aaaaaaaaaa.jpg', 'b.png']);
    expect(documentsOf(actor.getSnapshot()).rejectedFiles).toEqual([{ name: 'c.png', reason: 'tooMany' }]);
    actor.send({ type: 'REMOVE_FILE', name: 'a.pdf' });
    expect(documentsOf(actor.getSnapshot()).files.map((chosen) => chosen.name)).toEqual(['aaaaaaaaaa.jpg', 'b.png']);
    expect(documentsOf(actor.getSnapshot()).rejectedFiles).toEqual([]);
  });

  it('sends no expiry date when none was given', async () => {
    const started = start();
    started.actor.send({ type: 'CHANGE_DETAILS', values: admin });
    started.actor.send({ type: 'NEXT' });
    started.actor.send({ type: 'CHANGE_DOCUMENT', values: { ...passport, expiryDate: '' } });
    started.actor.send({ type: 'ADD_FILES', files: [file('id.pdf')] });
    started.actor.send({ type: 'NEXT' });
    started.calls.createUser.mockResolvedValueOnce({ id: 'u-1' });
    started.actor.send({ type: 'FINISH' });
    await settle();
    expect(started.calls.upload.mock.calls[0]?.[0].document).not.toHaveProperty('expiryDate');
  });
});

describe('moving between steps (users-and-wallets §4)', () => {
  it('[UW-4.42] BACK moves between steps keeping the data', () => {
    const started = start();
    const { actor } = started;
    toReview(started);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
    expect(documentsOf(actor.getSnapshot()).fields).toEqual(passport);
    expect(documentsOf(actor.getSnapshot()).files.map((chosen) => chosen.name)).toEqual(['passport.pdf']);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.details).toEqual(admin);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('review')).toBe(true);
  });

  it('closing before Finish & Save creates nothing and needs no refresh', () => {
    const started = start();
    toReview(started);
    started.actor.send({ type: 'CLOSE' });
    expect(started.actor.getSnapshot().output).toEqual({ userId: null, refreshNeeded: false });
    expect(started.calls.createUser).not.toHaveBeenCalled();
  });
});

describe('Finish & Save failures (users-and-wallets §4, §8)', () => {
  it('[UW-4.48] [UW-8.20] a create error shows in the modal alert on the review step; FINISH tries again', async () => {
    const started = start();
    toReview(started);
    started.calls.createUser.mockRejectedValueOnce(new ApiError(403, [{ status: '403', title: 'Forbidden' }]));
    started.actor.send({ type: 'FINISH' });
    await settle();
    expect(started.actor.getSnapshot().matches('review')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: 'Forbidden' });
    expect(started.calls.upload).not.toHaveBeenCalled();
    started.actor.send({ type: 'DISMISS_ALERT' });
    expect(started.actor.getSnapshot().context.alert).toBeNull();
    started.actor.send({ type: 'FINISH' });
    expect(started.calls.createUser).toHaveBeenCalledTimes(2);
  });

  it('[UW-4.48] field errors from the gateway go back to step 1 with their messages', async () => {
    const started = start();
    toReview(started);
    started.calls.createUser.mockRejectedValueOnce(
      new ApiError(422, [
        { status: '422', title: 'first name is not in correct format', source: { pointer: '/data/attributes/firstname' } },
        { status: '422', title: 'Invalid Mobile Number', source: { pointer: '/data/attributes/phonenumber' } },
      ]),
    );
    started.actor.send({ type: 'FINISH' });
    await settle();
    expect(started.actor.getSnapshot().matches('details')).toBe(true);
    expect(started.actor.getSnapshot().context.detailErrors).toEqual({
      firstname: 'first name is not in correct format',
      phonenumber: 'Invalid Mobile Number',
    });
    expect(started.actor.getSnapshot().context.alert).toEqual({
      severity: 'error',
      text: 'first name is not in correct format. Invalid Mobile Number.',
    });
    // The data is kept: fixing and moving on reaches the review again.
    started.actor.send({ type: 'CHANGE_DETAILS', values: { ...admin, phonenumber: '2207099999' } });
    started.actor.send({ type: 'NEXT' });
    started.actor.send({ type: 'NEXT' });
    expect(started.actor.getSnapshot().matches('review')).toBe(true);
  });

  it('an e-mail already in use (409 on the email pointer) goes back to step 1', async () => {
    const started = start();
    toReview(started);
    started.calls.createUser.mockRejectedValueOnce(
      new ApiError(409, [{ status: '409', title: 'Email already in use', source: { pointer: '/data/attributes/email' } }]),
    );
    started.actor.send({ type: 'FINISH' });
    await settle();
    expect(started.actor.getSnapshot().matches('details')).toBe(true);
    expect(started.actor.getSnapshot().context.detailErrors).toEqual({ email: 'Email already in use' });
  });

  it('[UW-8.01] a network error shows the connection text', async () => {
    const started = start();
    toReview(started);
    started.calls.createUser.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    started.actor.send({ type: 'FINISH' });
    await settle();
    expect(started.actor.getSnapshot().matches('review')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: CONNECTION_TEXT });
  });

  it('a create without an answer in 30 s returns to the review with the connection text', async () => {
    const started = start();
    toReview(started);
    let answer: (user: CreatedUser) => void = () => {};
    started.calls.createUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    started.actor.send({ type: 'FINISH' });
    await vi.advanceTimersByTimeAsync(CREATE_TIMEOUT_MS - 1);
    expect(started.actor.getSnapshot().matches({ saving: 'creating' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.actor.getSnapshot().matches('review')).toBe(true);
    expect(started.actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);
    answer({ id: 'u-late' });
    await settle();
    expect(started.actor.getSnapshot().matches('review')).toBe(true);
    expect(started.actor.getSnapshot().context.createdUserId).toBeNull();
  });

  it('a double Finish & Save creates one user', () => {
    const started = start();
    toReview(started);
    started.actor.send({ type: 'FINISH' });
    started.actor.send({ type: 'FINISH' });
    started.actor.send({ type: 'BACK' });
    expect(started.calls.createUser).toHaveBeenCalledTimes(1);
    expect(started.actor.getSnapshot().matches({ saving: 'creating' })).toBe(true);
  });

  it('an upload failure after the user was created retries only the upload, never creating the user twice', async () => {
    const started = start();
    const { actor, calls } = started;
    toReview(started);
    calls.createUser.mockResolvedValueOnce({ id: 'u-2001' });
    calls.upload.mockRejectedValueOnce(
      new ApiError(415, [{ status: '415', title: 'File type not allowed', source: { pointer: '/files/0' } }]),
    );
    actor.send({ type: 'FINISH' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches('review')).toBe(true);
    expect(documentsOf(actor.getSnapshot()).alert).toEqual({ severity: 'error', text: 'File type not allowed' });
    expect(actor.getSnapshot().context.createdUserId).toBe('u-2001');

    // The details are fixed now; the files can still change.
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('documents')).toBe(true);
    actor.send({ type: 'REMOVE_FILE', name: 'passport.pdf' });
    actor.send({ type: 'ADD_FILES', files: [file('passport-scan.pdf')] });
    actor.send({ type: 'NEXT' });

    calls.upload.mockResolvedValueOnce(uploaded);
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().matches({ saving: 'uploading' })).toBe(true);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.createUser).toHaveBeenCalledTimes(1);
    expect(calls.upload.mock.calls.map(([input]) => [input.userId, input.document.files.map((chosen) => chosen.name)])).toEqual([
      ['u-2001', ['passport.pdf']],
      ['u-2001', ['passport-scan.pdf']],
    ]);
    expect(calls.toast).toHaveBeenCalledWith('Successfully created user.');
  });

  it('Finish & Save again after a failed upload uploads the same document for the same user', async () => {
    const started = start();
    const { actor, calls } = started;
    toReview(started);
    calls.createUser.mockResolvedValueOnce({ id: 'u-2001' });
    calls.upload.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(uploaded);
    actor.send({ type: 'FINISH' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches('review')).toBe(true);
    actor.send({ type: 'FINISH' });
    expect(documentsOf(actor.getSnapshot()).alert).toBeNull();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.createUser).toHaveBeenCalledTimes(1);
    expect(calls.upload.mock.calls.map(([input]) => input.userId)).toEqual(['u-2001', 'u-2001']);
  });

  it('closing after the user was created but its upload failed still refreshes the list', async () => {
    const started = start();
    toReview(started);
    started.calls.createUser.mockResolvedValueOnce({ id: 'u-2001' });
    started.calls.upload.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    started.actor.send({ type: 'FINISH' });
    await settle();
    await settle();
    expect(documentsOf(started.actor.getSnapshot()).alert?.text).toBe(CONNECTION_TEXT);
    started.actor.send({ type: 'CLOSE' });
    expect(started.actor.getSnapshot().output).toEqual({ userId: 'u-2001', refreshNeeded: true });
  });
});
