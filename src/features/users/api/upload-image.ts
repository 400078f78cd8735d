// POST api/v1/fs/images/{userId} (uploadImage): the user's photo as the multipart field `file`; the answer reads
// data.attributes.url (users-and-wallets §7).
// A multipart body the layer cannot send: its callOperation writes JSON, and the contract types the files as strings.
import { useMutation } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from '../../../api/client';

export interface ImageUpload {
  userId: string;
  file: File;
  /** The own profile: sent with the session's own token. */
  self?: boolean;
}

export async function uploadImage({ userId, file, self = false }: ImageUpload, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const result = await api.POST('/api/v1/fs/images/{userId}', {
    params: { path: { userId } },
    // The contract types the binary part as a string; the serializer sends the real file instead of this body.
    body: { file: '' },
    bodySerializer: () => form,
    headers: credentialHeaders(self ? 'own' : 'tenant'),
    signal,
  });
  return unwrap(result).data.attributes.url;
}

/** Uploads a picked file as `userId`'s photo; `onSuccess` gets the new photo's url. */
export function useUploadImage({ userId, self, onSuccess }: Omit<ImageUpload, 'file'> & { onSuccess?: (url: string) => void }) {
  return useMutation({ mutationFn: (file: File) => uploadImage({ userId, file, self }), onSuccess });
}
