import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeTestForms } from '../../../render/form/test-forms';
import { DocumentUploadModal } from './DocumentUploadModal';
import { clearToasts, compileFormFile, fakeGateway, json, renderInApp, signInAs, sizedFile, type FetchMock } from './test-support';

const fetchMock: FetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  vi.stubGlobal('fetch', mock);
  return mock;
});


beforeAll(() => compileFormFile('document-upload'));
afterAll(removeTestForms);
afterEach(() => {
  clearToasts();
  fetchMock.mockReset();
});

const user = userEvent.setup({ delay: null, applyAccept: false });
const stored = () =>
  json(201, {
    data: { type: 'document', id: '7', attributes: { type: 'Passport', number: 'P1', expiryDate: null, url: '/files/a', url1: '/files/a', url2: null, url3: null } },
  });

function openModal() {
  signInAs([4], 'teller');
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  renderInApp(<DocumentUploadModal opened userId="42" onClose={onClose} onUploaded={onUploaded} />);
  return { onClose, onUploaded };
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const attach = async (...files: File[]) => user.upload(await screen.findByLabelText('Attach files'), files);
const attached = () => within(screen.getByRole('list', { name: 'Attached files' })).getAllByRole('listitem').map((item) => item.textContent);
const upload = () => user.click(screen.getByRole('button', { name: 'Upload' }));

async function fillFields() {
  await user.click(await screen.findByRole('combobox', { name: /^Document Type/ }));
  await user.click(await screen.findByRole('option', { name: 'National ID' }));
  await user.type(screen.getByRole('textbox', { name: /^Document Id/ }), 'ID-998');
}

describe('document upload modal', () => {
  it('[UW-3.09] asks document type, number, expiry date and up to 3 files, and sends each field', async () => {
    const fake = fakeGateway(fetchMock, { 'POST /api/v1/fs/documents/42': stored });
    openModal();
    const modal = within(await screen.findByRole('dialog'));
    expect(await modal.findByRole('combobox', { name: /^Document Type/ })).toBeInTheDocument();
    expect(modal.getByRole('textbox', { name: /^Document Id/ })).toBeInTheDocument();
    expect(modal.getByRole('textbox', { name: /^Expiry Date/ })).toBeInTheDocument();
    expect(modal.getByLabelText('Attach files')).toHaveAttribute('multiple');

    await fillFields();
    const expiry = `${new Date().getFullYear() + 2}-06-30`;
    await user.type(screen.getByRole('textbox', { name: /^Expiry Date/ }), expiry);
    await user.tab();
    await attach(png('page1.png'), png('page2.png'), png('page3.png'), png('page4.png'));
    expect(attached()).toHaveLength(3);
    await upload();

    await waitFor(() => expect(fake.calls('POST /api/v1/fs/documents/42')).toHaveLength(1));
    const body = (await fake.calls('POST /api/v1/fs/documents/42')[0]?.text()) ?? '';
    expect(body).toContain('name="documentType"\r\n\r\nNational ID');
    expect(body).toContain('name="documentNumber"\r\n\r\nID-998');
    expect(body).toContain(`name="expiryDate"\r\n\r\n${expiry}`);
    expect(body.match(/name="files"/g)).toHaveLength(3);
  });

  it('[UW-5.46] [UW-5.47] asks for at least one attachment', async () => {
    const fake = fakeGateway(fetchMock);
    openModal();
    await fillFields();
    await upload();
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent('Attachment Required!');
    expect(alert).toHaveTextContent('Please attach required documents to proceed.');
    expect(fake.requests).toHaveLength(0);
  });

  it("[UW-5.39] [UW-5.40] requires the type and number: 'Invalid Document Type', 'Invalid Document Id'", async () => {
    const fake = fakeGateway(fetchMock);
    openModal();
    await attach(png('passport.png'));
    await upload();
    const type = screen.getByRole('combobox', { name: /^Document Type/ });
    await waitFor(() => expect(type).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Invalid Document Type')).toBeInTheDocument();
    expect(screen.getByText('Invalid Document Id')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it('[UW-5.41] an expiry date before today, typed key by key, stays as typed and is refused with its message', async () => {
    const fake = fakeGateway(fetchMock, { 'POST /api/v1/fs/documents/42': stored });
    openModal();
    await fillFields();
    const expiry = screen.getByRole('textbox', { name: /^Expiry Date/ });
    await user.type(expiry, '2020-01-01');
    await user.tab();
    expect(expiry).toHaveValue('2020-01-01');
    await attach(png('id.png'));
    await upload();
    expect(await screen.findByText('Invalid Expiry Date')).toBeInTheDocument();
    expect(fake.calls('POST /api/v1/fs/documents/42')).toHaveLength(0);

    const later = `${new Date().getFullYear() + 1}-01-31`;
    await user.clear(expiry);
    await user.type(expiry, later);
    await upload();
    await waitFor(() => expect(fake.calls('POST /api/v1/fs/documents/42')).toHaveLength(1));
    expect(await fake.calls('POST /api/v1/fs/documents/42')[0]?.text()).toContain(`name="expiryDate"\r\n\r\n${later}`);
  });

  it('[UW-5.41] a partly typed expiry date is never swapped for another date: it stays and gets its message', async () => {
    const fake = fakeGateway(fetchMock, { 'POST /api/v1/fs/documents/42': stored });
    openModal();
    await fillFields();
    const expiry = screen.getByRole('textbox', { name: /^Expiry Date/ });
    await user.type(expiry, '2030-1');
    await user.tab();
    expect(expiry).toHaveValue('2030-1');
    await attach(png('id.png'));
    await upload();
    expect(await screen.findByText('Invalid Expiry Date')).toBeInTheDocument();
    expect(fake.calls('POST /api/v1/fs/documents/42')).toHaveLength(0);
  });

  it('[UW-5.42] keeps at most 3 files and says why a 4th is refused', async () => {
    fakeGateway(fetchMock);
    openModal();
    await attach(png('page1.png'), png('page2.png'), png('page3.png'), png('page4.png'));
    expect(attached()).toEqual(['page1.png', 'page2.png', 'page3.png']);
    expect(screen.getByText('page4.png: at most 3 files can be attached.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove page2.png' }));
    expect(attached()).toEqual(['page1.png', 'page3.png']);
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled();
  });

  it('[UW-5.43] takes jpeg, jpg, png, gif, pdf, docx and xls only', async () => {
    fakeGateway(fetchMock);
    openModal();
    expect(await screen.findByLabelText('Attach files')).toHaveAttribute('accept', '.jpeg,.jpg,.png,.gif,.pdf,.docx,.xls');
    await attach(new File(['x'], 'notes.txt', { type: 'text/plain' }), new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect(attached()).toEqual(['id.pdf']);
    expect(screen.getByText('notes.txt: only jpeg, jpg, png, gif, pdf, docx, xls files can be attached.')).toBeInTheDocument();
  });

  it('[UW-5.44] drops a file whose name is already attached', async () => {
    fakeGateway(fetchMock);
    openModal();
    await attach(png('front.png'));
    await attach(png('front.png'));
    expect(attached()).toEqual(['front.png']);
    expect(screen.getByText('front.png is already attached.')).toBeInTheDocument();
  });

  it('[RP-5.11] refuses a file over 50,000,000 bytes', async () => {
    fakeGateway(fetchMock);
    openModal();
    await attach(sizedFile('huge.pdf', 50_000_001, 'application/pdf'), sizedFile('limit.pdf', 50_000_000, 'application/pdf'));
    expect(attached()).toEqual(['limit.pdf']);
    expect(screen.getByText('huge.pdf: files may be at most 50,000,000 bytes.')).toBeInTheDocument();
  });

  it('[UW-5.45] renames a file without an extension to a random 10-character jpg name', async () => {
    fakeGateway(fetchMock);
    openModal();
    await attach(new File(['jpeg'], 'scan', { type: '' }));
    const [name] = attached();
    expect(name).toMatch(/^[a-z0-9]{10}\.jpg$/);
  });

  it("[UW-4.60] [UW-8.23] [RP-8.10] [RP-2.43] shows 'Uploading user documents..' while uploading, then the success toast", async () => {
    let release: (response: Response) => void = () => {};
    const fake = fakeGateway(fetchMock, {
      'POST /api/v1/fs/documents/42': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const { onClose, onUploaded } = openModal();
    await fillFields();
    await attach(png('id-front.png'), png('id-back.png'));
    await upload();
    expect(await screen.findByText('Uploading user documents..')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAttribute('data-loading', 'true');

    const body = await fake.calls('POST /api/v1/fs/documents/42')[0]?.text();
    expect(body).toContain('name="documentType"\r\n\r\nNational ID');
    expect(body).toContain('name="documentNumber"\r\n\r\nID-998');
    expect(body?.match(/name="files"/g)).toHaveLength(2);

    release(stored());
    expect(await screen.findByText('Successfully updated user attached documents.')).toBeInTheDocument();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: '7' })));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('[UW-4.61] shows a refused upload in the modal’s alert and lets it be sent again', async () => {
    const fake = fakeGateway(fetchMock, {
      'POST /api/v1/fs/documents/42': () =>
        json(415, { errors: [{ status: '415', title: 'File type not allowed', detail: 'id.png is not one of: jpeg, png, gif, pdf, docx, xls.' }] }),
    });
    const { onClose } = openModal();
    await fillFields();
    await attach(png('id.png'));
    await upload();
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('id.png is not one of: jpeg, png, gif, pdf, docx, xls.');
    fake.on('POST /api/v1/fs/documents/42', stored);
    await upload();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.calls('POST /api/v1/fs/documents/42')).toHaveLength(2);
  });
});
