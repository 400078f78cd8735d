// An upload as it arrives: streamed to a temporary file `<incomingDir>/<random id>` (never the name the client sent)
// while it is measured and hashed, so its bytes can be checked before any of them reaches the database (chunks.ts);
// the route removes the temporary file once the upload is kept or refused.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** users-and-wallets §9: "Maximum attachment 50,000,000 bytes". */
export const MAX_UPLOAD_BYTES = 50_000_000;

export interface ReceivedFile {
  /** Random and unguessable: the id in `/files/{id}`. */
  id: string;
  /** The temporary file. */
  absolutePath: string;
  originalName: string;
  size: number;
  sha256: string;
  /** The stream stopped at the size limit, so the file on disk is incomplete. */
  truncated: boolean;
}

function newFileId(): string {
  return randomBytes(24).toString('base64url');
}

/** Writes the stream to a new temporary file and returns what was written; the caller removes it (discardFiles). */
export async function receiveFile(incomingDir: string, stream: Readable & { truncated?: boolean }, originalName: string): Promise<ReceivedFile> {
  const id = newFileId();
  const absolutePath = join(incomingDir, id);
  await mkdir(incomingDir, { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, measure, createWriteStream(absolutePath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(absolutePath, { force: true });
    throw error;
  }
  return {
    id,
    absolutePath,
    originalName: originalName.slice(0, 255),
    size,
    sha256: hash.digest('hex'),
    truncated: stream.truncated === true || size > MAX_UPLOAD_BYTES,
  };
}

/** Removes the temporary files of an upload, kept (its bytes are in the database) or refused (nothing is left). */
export async function discardFiles(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.absolutePath, { force: true })));
}
