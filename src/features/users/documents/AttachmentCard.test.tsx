import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachmentCard } from './AttachmentCard';
import { attachmentPage, userDocuments } from './attachment-rows';
import { fakeGateway, renderInApp, type FetchMock } from './test-support';

const fetchMock: FetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  vi.stubGlobal('fetch', mock);
  return mock;
});
afterEach(() => fetchMock.mockReset());

const user = userEvent.setup({ delay: null });

/** A flattened getUser document row (src/api/jsonapi.ts). */
const doc = (id: string, type: string, number: string, ...urls: string[]) => ({
  id,
  type,
  number,
  expiryDate: null,
  url1: urls[0] ?? '',
  url2: urls[1] ?? null,
  url3: urls[2] ?? null,
});

/** Signed links as the gateway answers them; HEAD gives the name and type. */
const files: Record<string, { name: string; mime: string }> = {
  '/files/p1?exp=1&sig=a': { name: 'passport-front.png', mime: 'image/png' },
  '/files/p2?exp=1&sig=b': { name: 'passport-back.jpg', mime: 'image/jpeg' },
  '/files/p3?exp=1&sig=d': { name: 'passport-old.gif', mime: 'image/gif' },
  '/files/n1?exp=1&sig=c': { name: 'national-id.pdf', mime: 'application/pdf' },
};

function serveFiles() {
  fakeGateway(fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const file = files[url.pathname + url.search];
    if (request.method !== 'HEAD' || !file) return new Response(null, { status: 404 });
    return new Response(null, { status: 200, headers: { 'content-type': file.mime, 'content-disposition': `inline; filename="${file.name}"` } });
  });
}

const member = {
  id: '42',
  document: [
    doc('1', 'Passport', 'P-100', '/files/p1?exp=1&sig=a', '/files/p2?exp=1&sig=b'),
    doc('2', 'National ID', 'N-200', '/files/n1?exp=1&sig=c'),
    doc('3', 'Passport', 'P-101', '/files/p3?exp=1&sig=d'),
    doc('4', 'Driving Licence', 'D-300', '/files/n1?exp=1&sig=c'),
    doc('5', 'National ID', 'N-201', '/files/n1?exp=1&sig=c'),
    doc('6', 'Residence Permit', 'R-400', '/files/n1?exp=1&sig=c'),
    doc('7', 'Passport', 'P-102', '/files/n1?exp=1&sig=c'),
  ],
};

const bodyRows = () => within(screen.getByRole('table', { name: 'User Attachments' })).getAllByRole('row').slice(1);
const numbers = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('attachment rows', () => {
  it('[UW-2.57] [UW-2.58] groups documents by type and pages them 5 at a time', () => {
    const documents = userDocuments(member);
    const first = attachmentPage(documents, 1);
    expect(first.pageTotal).toBe(2);
    expect(first.rows.map((row) => [row.document.type, row.document.number, row.typeRowSpan])).toEqual([
      ['Driving Licence', 'D-300', 1],
      ['National ID', 'N-200', 2],
      ['National ID', 'N-201', 0],
      ['Passport', 'P-100', 2],
      ['Passport', 'P-101', 0],
    ]);
    expect(attachmentPage(documents, 2).rows.map((row) => [row.document.number, row.typeRowSpan])).toEqual([
      ['P-102', 1],
      ['R-400', 1],
    ]);
    expect(userDocuments({})).toEqual([]);
  });
});

describe('attachment card', () => {
  it('[UW-2.57] shows document type, number and files, each type once over its rows', async () => {
    serveFiles();
    renderInApp(<AttachmentCard user={member} />);
    const table = screen.getByRole('table', { name: 'User Attachments' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Document Type', 'Document Number', 'Files']);
    const typeHeaders = within(table).getAllByRole('rowheader');
    expect(typeHeaders.map((cell) => [cell.textContent, cell.getAttribute('rowspan')])).toEqual([
      ['Driving Licence', '1'],
      ['National ID', '2'],
      ['Passport', '2'],
    ]);
    expect(await within(table).findAllByRole('link', { name: 'national-id.pdf' })).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'national-id.pdf' })[0]).toHaveAttribute('href', 'http://localhost:3000/files/n1?exp=1&sig=c');
  });

  it('[UW-2.58] shows 5 rows a page', async () => {
    serveFiles();
    renderInApp(<AttachmentCard user={member} />);
    expect(numbers()).toEqual(['D-300', 'N-200', 'N-201', 'P-100', 'P-101']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(numbers()).toEqual(['P-102', 'R-400']);
  });

  it('[UW-2.56] is collapsible', async () => {
    serveFiles();
    renderInApp(<AttachmentCard user={member} />);
    const toggle = screen.getByRole('button', { name: /User Attachments/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'User Attachments' })).not.toBeInTheDocument());
    await user.click(toggle);
    expect(await screen.findByRole('table', { name: 'User Attachments' })).toBeInTheDocument();
  });

  it('[UW-2.59] opens images in the lightbox; the arrows move, Esc closes', async () => {
    serveFiles();
    renderInApp(<AttachmentCard user={member} />);
    await user.click(await screen.findByRole('button', { name: 'View passport-back.jpg' }));
    const lightbox = await screen.findByRole('dialog', { name: 'passport-back.jpg' });
    expect(within(lightbox).getByRole('img', { name: 'passport-back.jpg' })).toHaveAttribute('src', 'http://localhost:3000/files/p2?exp=1&sig=b');
    // Page 1 holds three images: P-100 front and back, P-101's old one.
    expect(within(lightbox).getByText('2 / 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'passport-old.gif' })).toHaveTextContent('3 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'passport-front.png' })).toHaveTextContent('1 / 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'passport-old.gif' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
