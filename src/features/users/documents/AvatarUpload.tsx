// users-and-wallets §5 image upload (one .jpg, .gif or .png of at most 50,000,000 bytes) and §2 webcam capture,
// stored as the user's photo; §8 'User photo has successfully been updated'.
import { useRef, useState } from 'react';
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { AVATAR_ACCEPT, AVATAR_EXTENSIONS, chooseAvatar, type FileRejection } from '../../../flows/document-files';
import { notifySuccess } from '../../../render/notify';
import { useUploadImage } from '../api/upload-image';
import { fileHref } from './file-links';
import { rejectionText } from './file-rejections';
import { WebcamCapture } from './WebcamCapture';

const PHOTO_UPDATED = 'User photo has successfully been updated';

export interface AvatarUploadProps {
  userId: string;
  /** The photo's url as getUser answers it (`photo.url`), or null. */
  currentUrl?: string | null;
  /** After the upload: the new photo's url; refresh the user. */
  onUploaded?: (url: string) => void;
  /** For the avatar's alt text. */
  name?: string;
  /** Only the photo, no upload (users-and-wallets §2: uploads are hidden for the payin tenant type). */
  readOnly?: boolean;
  /** The own profile: sent with the session's own token, whichever tenant is selected. */
  self?: boolean;
}

export function AvatarUpload({ userId, currentUrl, onUploaded, name, readOnly = false, self = false }: AvatarUploadProps) {
  const resetPicker = useRef<() => void>(null);
  const [rejected, setRejected] = useState<FileRejection[]>([]);
  const [webcamOpen, setWebcamOpen] = useState(false);
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const upload = useUploadImage({
    userId,
    self,
    onSuccess: (url) => {
      setShownUrl(url);
      notifySuccess(PHOTO_UPDATED);
      onUploaded?.(url);
    },
  });
  const url = shownUrl ?? currentUrl ?? null;

  const pick = (files: File[]) => {
    const choice = chooseAvatar(files);
    setRejected(choice.rejected);
    if (choice.file) upload.mutate(choice.file);
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Avatar src={url ? fileHref(url) : null} alt={name ? `Photo of ${name}` : 'User photo'} size={96} radius={96} />
      {!readOnly && (
        <Group gap="xs">
          <FileButton
            accept={AVATAR_ACCEPT}
            resetRef={resetPicker}
            disabled={upload.isPending}
            inputProps={{ 'aria-label': 'Upload photo' }}
            onChange={(file) => {
              pick(file ? [file] : []);
              resetPicker.current?.();
            }}
          >
            {(props) => (
              <Button size="xs" variant="default" loading={upload.isPending} {...props} disabled={upload.isPending}>
                Upload photo
              </Button>
            )}
          </FileButton>
          <Button size="xs" variant="subtle" disabled={upload.isPending} aria-expanded={webcamOpen} onClick={() => setWebcamOpen((open) => !open)}>
            {webcamOpen ? 'Close webcam' : 'Take photo'}
          </Button>
        </Group>
      )}
      {webcamOpen && !readOnly && (
        <WebcamCapture
          onCapture={(photo) => {
            setWebcamOpen(false);
            pick([new File([photo], `webcam-${Date.now()}.jpg`, { type: 'image/jpeg' })]);
          }}
        />
      )}
      {rejected.map((rejection) => (
        <Text key={`${rejection.name}-${rejection.reason}`} size="sm" c="red" role="status">
          {rejectionText(rejection, AVATAR_EXTENSIONS, 1)}
        </Text>
      ))}
      {upload.isError && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => upload.reset()}>
          {errorText(upload.error)}
        </Alert>
      )}
    </Stack>
  );
}
