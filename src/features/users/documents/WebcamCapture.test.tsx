import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBCAM_CONSTRAINTS, WebcamCapture } from './WebcamCapture';

const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');

function stubMediaDevices(value: Partial<MediaDevices> | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true });
}

afterEach(() => {
  if (original) Object.defineProperty(navigator, 'mediaDevices', original);
  else Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

function renderWebcam() {
  const onCapture = vi.fn();
  const { unmount } = render(
    <MantineProvider env="test">
      <WebcamCapture onCapture={onCapture} />
    </MantineProvider>,
  );
  return { onCapture, unmount };
}

describe('webcam capture', () => {
  it("[UW-8.17] says 'Unabled to detect webcam' when the browser has no camera access", async () => {
    stubMediaDevices(undefined);
    renderWebcam();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unabled to detect webcam');
  });

  it("[UW-8.17] says 'Unabled to detect webcam' when no camera is found or it is refused", async () => {
    stubMediaDevices({ getUserMedia: vi.fn().mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError')) });
    renderWebcam();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unabled to detect webcam');
  });

  it('[UW-2.60] asks for the front camera at ideal 1280x720, shows it 420x250, captures a jpeg and lets the camera go', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    const getUserMedia = vi.fn().mockResolvedValue(stream);
    stubMediaDevices({ getUserMedia });
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback, type) => callback(new Blob(['jpeg'], { type: type ?? '' })));

    const { onCapture, unmount } = renderWebcam();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' } });
    expect(WEBCAM_CONSTRAINTS.video.facingMode).toBe('user');
    const video = screen.getByLabelText('Webcam preview');
    expect(video).toHaveAttribute('width', '420');
    expect(video).toHaveAttribute('height', '250');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Capture' })).toBeEnabled());
    expect((video as HTMLVideoElement).srcObject).toBe(stream);

    await userEvent.click(screen.getByRole('button', { name: 'Capture' }));
    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1));
    expect(toBlob.mock.calls[0]?.[1]).toBe('image/jpeg');
    expect((onCapture.mock.calls[0]?.[0] as Blob).type).toBe('image/jpeg');
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 1280, 720);
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
