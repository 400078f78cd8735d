// Uploaded files on disk: `<dataDir>/files/<2 chars>/<random id>`, never under the name the client sent.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** users-and-wallets §9: "Maximum attachment 50,000,000 bytes". */
export const MAX_UPLOAD_BYTES = 50_000_000;

export interface ReceivedFile {
  /** Random and unguessable: the id in `/files/{id}`. */
  id: string;
  /** Relative to the files directory. */
  storedPath: string;
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

/** Writes the stream to a new random path and returns what was written; the caller removes it if refused. */
export async function receiveFile(filesDir: string, stream: Readable & { truncated?: boolean }, originalName: string): Promise<ReceivedFile> {
  const id = newFileId();
  const storedPath = join(id.slice(0, 2), id);
  const absolutePath = join(filesDir, storedPath);
  await mkdir(dirname(absolutePath), { recursive: true });
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
    storedPath,
    absolutePath,
    originalName: originalName.slice(0, 255),
    size,
    sha256: hash.digest('hex'),
    truncated: stream.truncated === true || size > MAX_UPLOAD_BYTES,
  };
}

/** Removes files that were received but not kept (a refused upload leaves nothing behind). */
export async function discardFiles(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.absolutePath, { force: true })));
}

export function openStoredFile(filesDir: string, storedPath: string): Readable {
  return createReadStream(join(filesDir, storedPath));
}
