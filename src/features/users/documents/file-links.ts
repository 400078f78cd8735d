// Stored files are served by the gateway's signed links (`/files/<id>?exp=&sig=`, no bearer), so an <img> or <a>
// can load them directly; the link carries no name or type, which a HEAD request reads.
import { gatewayUrl } from '../../../api/runtime-config';

/** The absolute address of a file link the gateway answered (relative to the gateway, not to the app). */
export function fileHref(url: string): string {
  return new URL(url, `${gatewayUrl() || window.location.origin}/`).toString();
}

export interface StoredFileInfo {
  /** The name it was uploaded with, as the gateway's Content-Disposition gives it. */
  name: string | null;
  mime: string | null;
}

/** `inline; filename="passport.png"` → `passport.png`. */
function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export async function probeFile(url: string, signal?: AbortSignal): Promise<StoredFileInfo> {
  const response = await fetch(fileHref(url), { method: 'HEAD', signal });
  if (!response.ok) return { name: null, mime: null };
  const mime = response.headers.get('content-type')?.split(';')[0]?.trim() ?? null;
  return { name: dispositionName(response.headers.get('content-disposition')), mime };
}

export function isImageType(mime: string | null): boolean {
  return mime !== null && mime.startsWith('image/');
}
