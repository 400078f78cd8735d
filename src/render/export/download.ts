// Saving a finished file: an object URL clicked through a temporary <a download>.

/** Long enough for every browser to have started reading the blob; then its memory is freed. */
export const REVOKE_AFTER_MS = 30_000;

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
