import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvatarUpload } from './AvatarUpload';
import { clearToasts, fakeGateway, json, renderInApp, signInAs, sizedFile, type FetchMock } from './test-support';

const fetchMock: FetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  vi.stubGlobal('fetch', mock);
  return mock;
});
afterEach(() => {
  clearToasts();
  fetchMock.mockReset();
});

const user = userEvent.setup({ delay: null, applyAccept: false });
const photo = () => json(201, { data: { type: 'photo', id: 'f1', attributes: { url: '/files/f1?exp=1&sig=x' } } });

function renderAvatar() {
  signInAs([4], 'teller');
  const onUploaded = vi.fn();
  renderInApp(<AvatarUpload userId="42" currentUrl="/files/old?exp=1&sig=y" name="Awa Jallow" onUploaded={onUploaded} />);
  return { onUploaded, picker: screen.getByLabelText('Upload photo') };
}

describe('avatar upload', () => {
  it("[UW-8.16] stores the picked image as the user's photo: 'User photo has successfully been updated'", async () => {
    const fake = fakeGateway(fetchMock, { 'POST /api/v1/fs/images/42': photo });
    const { onUploaded, picker } = renderAvatar();
    expect(screen.getByRole('img', { name: 'Photo of Awa Jallow' })).toHaveAttribute('src', 'http://localhost:3000/files/old?exp=1&sig=y');
    await user.upload(picker, new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('User photo has successfully been updated')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('/files/f1?exp=1&sig=x');
    expect(screen.getByRole('img', { name: 'Photo of Awa Jallow' })).toHaveAttribute('src', 'http://localhost:3000/files/f1?exp=1&sig=x');
    const body = await fake.calls('POST /api/v1/fs/images/42')[0]?.text();
    expect(body).toMatch(/name="file"/);
  });

  it('[UW-5.61] refuses an image over 50,000,000 bytes', async () => {
    const fake = fakeGateway(fetchMock, { 'POST /api/v1/fs/images/42': photo });
    const { picker } = renderAvatar();
    await user.upload(picker, sizedFile('big.png', 50_000_001));
    expect(screen.getByText('big.png: files may be at most 50,000,000 bytes.')).toBeInTheDocument();
    await user.upload(picker, sizedFile('limit.png', 50_000_000));
    await waitFor(() => expect(fake.calls('POST /api/v1/fs/images/42')).toHaveLength(1));
  });

  it('[UW-5.62] accepts .jpg, .gif and .png only', async () => {
    const fake = fakeGateway(fetchMock);
    const { picker } = renderAvatar();
    expect(picker).toHaveAttribute('accept', '.jpg,.gif,.png');
    await user.upload(picker, new File(['bmp'], 'me.bmp', { type: 'image/bmp' }));
    expect(screen.getByText('me.bmp: only jpg, gif, png files can be attached.')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it('[UW-5.63] takes one image', () => {
    fakeGateway(fetchMock);
    const { picker } = renderAvatar();
    expect(picker).not.toHaveAttribute('multiple');
  });

  it("shows the gateway's refusal", async () => {
    fakeGateway(fetchMock, {
      'POST /api/v1/fs/images/42': () =>
        json(415, { errors: [{ status: '415', title: 'File type not allowed', detail: 'me.png is not one of: jpeg, png, gif.' }] }),
    });
    const { picker } = renderAvatar();
    await user.upload(picker, new File(['text'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('me.png is not one of: jpeg, png, gif.');
  });
});
