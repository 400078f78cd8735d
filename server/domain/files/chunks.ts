// A file's bytes in the database (issue 26), so every gateway host sharing it serves every file: rows of
// FILE_CHUNK_BYTES in `file_chunks`, written from the checked temporary file inside the unit of work that records the
// file, read back a few rows at a time. Neither direction holds more than a few chunks of a file in memory.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Db } from '../../db/connection.ts';

/** About 1 MB a row: a 50,000,000-byte file is 48 rows, none of them a large value for either engine. */
const FILE_CHUNK_BYTES = 1024 * 1024;
/** Rows read per query while serving: enough to keep the response flowing, few enough to stay small in memory. */
const CHUNKS_PER_READ = 4;

/** Writes the file at `path` as the chunks of `fileId`, one row per statement; run it in the unit that records the file. */
export async function writeFileChunks(db: Db, fileId: string, path: string): Promise<void> {
  let seq = 0;
  for await (const piece of createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES })) {
    await db.insertInto('file_chunks').values({ file_id: fileId, seq, bytes: piece as Buffer }).execute();
    seq += 1;
  }
}

async function* chunksOf(db: Db, fileId: string): AsyncGenerator<Buffer> {
  for (let next = 0; ; next += CHUNKS_PER_READ) {
    const rows = await db
      .selectFrom('file_chunks')
      .select('bytes')
      .where('file_id', '=', fileId)
      .where('seq', '>=', next)
      .orderBy('seq')
      .limit(CHUNKS_PER_READ)
      .execute();
    for (const row of rows) yield row.bytes;
    if (rows.length < CHUNKS_PER_READ) return;
  }
}

/** The bytes of a stored file, streamed in order. */
export function openStoredFile(db: Db, fileId: string): Readable {
  return Readable.from(chunksOf(db, fileId), { objectMode: false });
}
