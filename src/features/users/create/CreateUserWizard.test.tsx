import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeTestForms } from '../../../render/form/test-forms';
import {
  COUNTRIES,
  GROUPS,
  ROLES,
  clearToasts,
  compileFormFile,
  fakeGateway,
  json,
  renderInApp,
  signInAs,
  type DocumentsFakeGateway,
  type FetchMock,
} from '../documents/test-support';
import { CreateUserWizard } from './CreateUserWizard';

// The client keeps the fetch it finds when it is created, so the fake goes in before any import.
const fetchMock: FetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  vi.stubGlobal('fetch', mock);
  return mock;
});


beforeAll(async () => {
  await compileFormFile('create-user');
  await compileFormFile('document-upload');
  await import('../../../render/form/SchemaFormEngine');
});
afterAll(removeTestForms);
afterEach(() => {
  clearToasts();
  fetchMock.mockReset();
});

const created = (id: string) =>
  json(201, { data: { type: 'user', id, attributes: { firstname: 'Awa', lastname: 'Jallow' } } });
const uploaded = () =>
  json(201, {
  data: { type: 'document', id: '77', attributes: { type: 'Passport', number: 'P123', expiryDate: null, url: '/files/a', url1: '/files/a', url2: null, url3: null } },
  });

function gateway(extra: Parameters<typeof fakeGateway>[1] = {}): DocumentsFakeGateway {
  return fakeGateway(fetchMock, {
    'GET /api/v1/um/roles': () => json(200, ROLES),
    'GET /api/v1/um/groups': () => json(200, GROUPS),
    'GET /api/v1/um/countries': () => json(200, COUNTRIES),
    'GET /api/v1/um/User/9': () =>
      json(200, {
        data: { type: 'user', id: '9', attributes: {}, relationships: { account: { data: { type: 'account', id: '9' } } } },
        included: [{ type: 'account', id: '9', attributes: { roles: [64], groups: [6] } }],
      }),
    'POST /api/v1/um/user': () => created('501'),
    'POST /api/v1/um/pendingUser': () => created('502'),
    'POST /api/v1/fs/documents/501': uploaded,
    'POST /api/v1/fs/documents/502': uploaded,
    ...extra,
  });
}

const user = userEvent.setup({ delay: null, applyAccept: false });

function openWizard(audience: 'admin' | 'endUser' = 'admin') {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderInApp(<CreateUserWizard opened audience={audience} onClose={onClose} onCreated={onCreated} />);
  return { onClose, onCreated };
}

const dialog = () => screen.getByRole('dialog', { name: 'Create User' });

async function choose(label: RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function roleOptions(): Promise<string[]> {
  await user.click(await screen.findByRole('combobox', { name: /^Role/ }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox).getAllByRole('option').map((option) => option.textContent ?? '');
}

async function fillDetails({ role, email = 'awa.jallow@example.test', phone = '7001234' }: { role?: string; email?: string | null; phone?: string | null } = {}) {
  if (role) await choose(/^Role/, role);
  await user.type(await screen.findByRole('textbox', { name: /^First Name/ }), 'Awa');
  await user.type(screen.getByRole('textbox', { name: /^Family Name/ }), 'Jallow');
  await user.type(screen.getByRole('textbox', { name: /^Birth Date/ }), '1990-04-12');
  await user.tab();
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  if (email) await user.type(screen.getByRole('textbox', { name: /^Email/ }), email);
  if (phone) await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), phone);
}

async function next() {
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function attachDocument() {
  await choose(/^Document Type/, 'Passport');
  await user.type(screen.getByRole('textbox', { name: /^Document Id/ }), 'P123');
  await user.upload(screen.getByLabelText('Attach files'), new File(['png'], 'passport.png', { type: 'image/png' }));
  expect(await screen.findByText('passport.png')).toBeInTheDocument();
}

describe('Create User wizard', () => {
  it('[UW-2.50] [UW-2.51] [UW-2.52] shows the three steps, starting on Create User Details', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    // The wizard shows once its form files have loaded, as in the app.
    expect(await screen.findByRole('textbox', { name: /^First Name/ })).toBeInTheDocument();
    const steps = within(dialog()).getAllByText(/^(Create User Details|Upload Document\(s\)|Review Page)$/);
    expect(steps.map((step) => step.textContent)).toEqual(['Create User Details', 'Upload Document(s)', 'Review Page']);
  });

  it('[UW-4.43] [UW-5.09] [UW-5.12] [UW-5.13] [UW-5.24] [UW-5.28] [UW-5.30] shows the form file’s messages and stays on step 1', async () => {
    const fake = gateway();
    signInAs([4], 'teller');
    openWizard();
    await user.type(await screen.findByRole('textbox', { name: /^First Name/ }), 'Awa2');
    await user.type(screen.getByRole('textbox', { name: /^Family Name/ }), 'Abcdefghijklmnopq');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'awa@');
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '123');
    await next();
    expect(await screen.findByText('first name is not in correct format')).toBeInTheDocument();
    expect(screen.getByText('family name is too long 16 character is required!')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Invalid Mobile Number')).toBeInTheDocument();
    expect(screen.getByText('Please select a role')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Finish & Save' })).not.toBeInTheDocument();
    expect(fake.calls('POST /api/v1/um/user')).toHaveLength(0);
  });

  it('[UW-5.22] [UW-5.23] a birth date typed key by key stays exactly as typed; too young or before 1900 gets the form’s message', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    await fillDetails({ role: 'Partner Admin' });
    const birthDate = screen.getByRole('textbox', { name: /^Birth Date/ });
    for (const [typed, message] of [
      ['2016-06-15', 'Minimum age is 16 years'],
      ['0201-01-01', 'Invalid birth of date.'],
      ['2016-6-15', 'Invalid birth of date.'],
    ] as const) {
      await user.clear(birthDate);
      await user.type(birthDate, typed);
      await user.tab();
      expect(birthDate).toHaveValue(typed);
      await next();
      expect(await within(dialog()).findByText(message)).toBeInTheDocument();
      expect(birthDate).toHaveValue(typed);
      expect(screen.queryByRole('button', { name: 'Attach files' })).not.toBeInTheDocument();
    }
    await user.clear(birthDate);
    await user.type(birthDate, '1990-04-12');
    await next();
    expect(await screen.findByRole('button', { name: 'Attach files' })).toBeInTheDocument();
  });

  it('[UW-9.08] the create-user form’s phone offers gm and ae, each with its own mask', async () => {
    const fake = gateway();
    signInAs([4], 'teller');
    openWizard();
    const country = await screen.findByRole('combobox', { name: /^Mobile Number country code/ });
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['GM +220', 'AE +971']);
    const phone = () => screen.getByRole('textbox', { name: /^Mobile Number/ });
    await user.type(phone(), '7001234');
    expect(phone()).toHaveValue('700 1234');
    await user.selectOptions(country, 'ae');
    await user.clear(phone());
    await user.type(phone(), '501234567');
    expect(phone()).toHaveValue('50 123 4567');
    await fillDetails({ role: 'Partner Admin', phone: null });
    await next();
    await attachDocument();
    await next();
    await user.click(await screen.findByRole('button', { name: 'Finish & Save' }));
    await waitFor(() => expect(fake.calls('POST /api/v1/um/user')).toHaveLength(1));
    expect(await fake.calls('POST /api/v1/um/user')[0]?.json()).toMatchObject({ data: { attributes: { phonenumber: '971501234567' } } });
  });

  it('[UW-9.09] defaults the nationality to Gambian and the phone to the Gambia, +220', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    expect(await screen.findByRole('combobox', { name: /^Nationality/ })).toHaveValue('Gambian');
    expect(screen.getByRole('combobox', { name: /^Mobile Number country code/ })).toHaveDisplayValue('GM +220');
  });

  it('[UW-6.04] role 4 may give any role but 256', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    expect(await roleOptions()).toEqual(['Partner Admin', 'Group Admin', 'Field Officer']);
  });

  it('[UW-6.05] role 16 may give only 16 or 64', async () => {
    gateway();
    signInAs([16], 'naccug');
    openWizard();
    expect(await roleOptions()).toEqual(['Group Admin', 'Field Officer']);
  });

  it('[UW-6.17] the network admin role (16) cannot change the Credit Union of the user it creates', async () => {
    gateway();
    signInAs([16], 'naccug');
    openWizard();
    await choose(/^Role/, 'Field Officer');
    expect(await screen.findByRole('combobox', { name: /^Credit Union/ })).toBeDisabled();
  });

  it('[UW-6.06] role 64 may give only 64, chosen already, in its own Credit Union', async () => {
    gateway();
    signInAs([64], 'naccug');
    openWizard();
    expect(await screen.findByRole('combobox', { name: /^Role/ })).toHaveValue('Field Officer');
    expect(screen.getByRole('combobox', { name: /^Credit Union/ })).toHaveValue('Serrekunda CU');
    expect(await roleOptions()).toEqual(['Field Officer']);
  });

  it('[UW-6.08] an end user gets only role 256', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard('endUser');
    expect(await screen.findByRole('combobox', { name: /^Role/ })).toHaveValue('Customer');
    expect(await roleOptions()).toEqual(['Customer']);
  });

  it('[UW-6.09] [UW-6.10] [UW-5.10] [UW-5.55] asks the Credit Union for role 64 only, with its message', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    await fillDetails({ role: 'Field Officer' });
    await next();
    expect(await screen.findByText('Please select a Credit Union')).toBeInTheDocument();
    await choose(/^Role/, 'Partner Admin');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /^Credit Union/ })).not.toBeInTheDocument());
    await next();
    expect(await screen.findByRole('button', { name: 'Attach files' })).toBeInTheDocument();
  });

  it('[UW-3.07] asks role, group, first, middle and family name, birth date, email, gender, nationality, phone and member id, and sends each', async () => {
    const fake = gateway();
    signInAs([4], 'teller');
    const { onCreated } = openWizard();
    await choose(/^Role/, 'Field Officer');
    const form = within(dialog());
    for (const label of [/^Role/, /^Credit Union/, /^Nationality/]) expect(await form.findByRole('combobox', { name: label })).toBeInTheDocument();
    for (const label of [/^First Name/, /^Middle Name/, /^Family Name/, /^Birth Date/, /^Email/, /^Mobile Number/, /^Member ID/]) {
      expect(form.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(form.getByRole('radiogroup', { name: /^Gender/ })).toBeInTheDocument();

    await choose(/^Credit Union/, 'Kanifing CU');
    await fillDetails();
    await user.type(screen.getByRole('textbox', { name: /^Middle Name/ }), 'Binta');
    await user.type(screen.getByRole('textbox', { name: /^Member ID/ }), 'CU-0042');
    await next();
    await attachDocument();
    await next();
    await user.click(await screen.findByRole('button', { name: 'Finish & Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('501'));

    const [create] = fake.calls('POST /api/v1/um/user');
    expect(await create?.json()).toEqual({
      data: {
        type: 'User',
        attributes: {
          role: 64,
          group: 5,
          firstname: 'Awa',
          middlename: 'Binta',
          lastname: 'Jallow',
          birthdate: '1990-04-12',
          email: 'awa.jallow@example.test',
          gender: 'Female',
          nationality: 'Gambian',
          phonenumber: '2207001234',
          externalid: 'CU-0042',
        },
      },
    });
  });

  it('[UW-3.08] offers the genders Male and Female', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    const gender = await screen.findByRole('radiogroup', { name: /^Gender/ });
    expect(within(gender).getAllByRole('radio')).toHaveLength(2);
    expect(within(gender).getByRole('radio', { name: 'Male' })).toBeInTheDocument();
    expect(within(gender).getByRole('radio', { name: 'Female' })).toBeInTheDocument();
  });

  it("[UW-8.11] says 'There was an getting the groups.  Please Try Again later.' when the groups do not load", async () => {
    gateway({ 'GET /api/v1/um/groups': () => json(500, { errors: [{ status: '500', title: 'Internal Server Error' }] }) });
    signInAs([64], 'naccug');
    openWizard();
    expect(await screen.findByRole('textbox', { name: /^First Name/ })).toBeInTheDocument();
    const alert = await within(dialog()).findByRole('alert');
    // The spec's text has two spaces; textContent keeps them.
    expect(alert.textContent).toBe('There was an getting the groups.  Please Try Again later.');
  });

  it('[UW-4.44] [UW-5.46] [UW-5.47] the upload step needs at least one file', async () => {
    gateway();
    signInAs([4], 'teller');
    openWizard();
    await fillDetails({ role: 'Partner Admin' });
    await next();
    await screen.findByRole('button', { name: 'Attach files' });
    await next();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Attachment Required!');
    expect(alert).toHaveTextContent('Please attach required documents to proceed.');
    expect(screen.queryByRole('button', { name: 'Finish & Save' })).not.toBeInTheDocument();
  });

  it('[UW-2.52] [UW-2.53] [UW-4.42] [UW-4.45] [UW-4.46] [UW-4.47] reviews every value and file, then Finish & Save creates the admin and uploads its document', async () => {
    const fake = gateway();
    signInAs([4], 'teller');
    const { onCreated, onClose } = openWizard();
    await fillDetails({ role: 'Partner Admin' });
    await next();
    await attachDocument();
    await next();

    const details = await screen.findByRole('table', { name: 'User Details' });
    const value = (label: string) => within(details).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Role')).toBe('Partner Admin');
    expect(value('First Name')).toBe('Awa');
    expect(value('Family Name')).toBe('Jallow');
    expect(value('Birth Date')).toBe('1990-04-12');
    expect(value('Gender')).toBe('Female');
    expect(value('Email')).toBe('awa.jallow@example.test');
    expect(value('Nationality')).toBe('Gambian');
    expect(value('Mobile Number')).toBe('+2207001234');
    expect(within(details).queryByRole('rowheader', { name: 'Credit Union' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Files to upload' })).getByText('passport.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finish & Save' }));
    expect(await screen.findByText('Successfully created user.')).toBeInTheDocument();
    const [create] = fake.calls('POST /api/v1/um/user');
    expect(await create?.json()).toEqual({
      data: {
        type: 'User',
        attributes: {
          role: 4,
          group: 0,
          firstname: 'Awa',
          lastname: 'Jallow',
          birthdate: '1990-04-12',
          gender: 'Female',
          email: 'awa.jallow@example.test',
          nationality: 'Gambian',
          phonenumber: '2207001234',
        },
      },
    });
    const [upload] = fake.calls('POST /api/v1/fs/documents/501');
    const body = await upload?.text();
    expect(body).toContain('name="documentType"\r\n\r\nPassport');
    expect(body).toContain('name="documentNumber"\r\n\r\nP123');
    expect(fake.calls('POST /api/v1/um/pendingUser')).toHaveLength(0);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('501'));
    expect(onClose).toHaveBeenCalled();
  });

  it('[UW-4.45] [UW-5.26] an end user is created with POST um/pendingUser, without an email', async () => {
    const fake = gateway();
    signInAs([64], 'naccug');
    const { onCreated } = openWizard('endUser');
    await fillDetails({ email: null });
    await next();
    await attachDocument();
    await next();
    await user.click(await screen.findByRole('button', { name: 'Finish & Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('502'));
    const [create] = fake.calls('POST /api/v1/um/pendingUser');
    expect(await create?.json()).toMatchObject({ data: { type: 'User', attributes: { role: 256, group: 6, firstname: 'Awa' } } });
    expect(fake.calls('POST /api/v1/um/user')).toHaveLength(0);
  });

  it('[UW-4.48] [UW-8.20] shows a gateway error in the modal’s alert, and a field error under its field on step 1', async () => {
    const fake = gateway({
      'POST /api/v1/um/user': () =>
        json(409, {
          errors: [{ status: '409', title: 'This email address is already in use.', source: { pointer: '/data/attributes/email' } }],
        }),
    });
    signInAs([4], 'teller');
    openWizard();
    await fillDetails({ role: 'Partner Admin' });
    await next();
    await attachDocument();
    await next();
    await user.click(await screen.findByRole('button', { name: 'Finish & Save' }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('This email address is already in use.');
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(email.getAttribute('aria-describedby')?.split(' ')[0] ?? '')).toHaveTextContent(
      'This email address is already in use.',
    );

    fake.on('POST /api/v1/um/user', () => json(500, { errors: [{ status: '500', title: 'Internal Server Error' }] }));
    await user.clear(email);
    await user.type(email, 'awa.other@example.test');
    await next();
    await screen.findByRole('button', { name: 'Attach files' });
    await next();
    await user.click(await screen.findByRole('button', { name: 'Finish & Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('button', { name: 'Finish & Save' })).toBeEnabled();
  });
});
