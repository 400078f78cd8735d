// users-and-wallets §2 webcam capture: a 420x250 view of the front camera (ideal 1280x720), captured as a jpeg;
// §8 'Unabled to detect webcam' when there is no camera or it is refused.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';

export const WEBCAM_CONSTRAINTS = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
} satisfies MediaStreamConstraints;

const WEBCAM_VIEW = { width: 420, height: 250 } as const;
export const WEBCAM_ERROR = 'Unabled to detect webcam';
const JPEG_QUALITY = 0.92;

type CameraState = 'starting' | 'ready' | 'unavailable';

export interface WebcamCaptureProps {
  onCapture: (photo: Blob) => void;
  captureLabel?: string;
}

function stop(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The video's current frame as a jpeg, at the camera's own size. */
function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || WEBCAM_CONSTRAINTS.video.width.ideal;
  canvas.height = video.videoHeight || WEBCAM_CONSTRAINTS.video.height.ideal;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

export function WebcamCapture({ onCapture, captureLabel = 'Capture' }: WebcamCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [capturing, setCapturing] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const getUserMedia = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (!getUserMedia) {
      setState('unavailable');
      return;
    }
    getUserMedia(WEBCAM_CONSTRAINTS).then(
      (opened) => {
        if (cancelled) return stop(opened);
        stream = opened;
        if (video.current) video.current.srcObject = opened;
        setState('ready');
      },
      () => {
        if (!cancelled) setState('unavailable');
      },
    );
    return () => {
      cancelled = true;
      stop(stream);
    };
  }, []);

  if (state === 'unavailable') {
    return (
      <Alert color="red" role="alert">
        {WEBCAM_ERROR}
      </Alert>
    );
  }

  return (
    <Stack gap="xs" align="flex-start">
      <video
        ref={video}
        width={WEBCAM_VIEW.width}
        height={WEBCAM_VIEW.height}
        autoPlay
        playsInline
        muted
        aria-label="Webcam preview"
        style={{ background: 'black', objectFit: 'cover' }}
      />
      <Button
        size="xs"
        disabled={state !== 'ready'}
        loading={capturing}
        onClick={async () => {
          if (!video.current) return;
          setCapturing(true);
          const photo = await captureFrame(video.current);
          setCapturing(false);
          if (photo) onCapture(photo);
        }}
      >
        {captureLabel}
      </Button>
    </Stack>
  );
}
