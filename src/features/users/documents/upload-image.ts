// users-and-wallets §7 POST api/v1/fs/images/{userId}: multipart field `file`; the answer reads data.attributes.url.
import { api, unwrap } from '../../../api/client';

export const PHOTO_UPDATED = 'User photo has successfully been updated';

/** `headers` lets the own profile send the session's own token (src/features/users/api/self-bearer.ts). */
export async function uploadImage(userId: string, file: File, headers?: Record<string, string>, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const result = await api.POST('/api/v1/fs/images/{userId}', {
    params: { path: { userId } },
    // The contract types the binary part as a string; the serializer sends the real file instead of this body.
    body: { file: '' },
    bodySerializer: () => form,
    headers,
    signal,
  });
  return unwrap(result).data.attributes.url;
}
