// Files a gateway before issue 26 kept on its own disk (`<dataDir>/files/<2 chars>/<id>`, the row's stored_path) are
// moved into the database when a gateway starts on that data directory. It runs at start rather than in the schema
// migration because the migration runs once per database, while each host holds its own folder: every host that
// still has files moves them in when it starts, and a file on another host's disk waits for that host.
import { existsSync } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/connection.ts';
import { writeFileChunks } from './chunks.ts';

/** Moves every file of `<dataDir>/files` whose row waits for it into file_chunks; returns how many it moved. */
export async function moveFilesFromDisk(db: Db, dataDir: string): Promise<number> {
  const filesDir = join(dataDir, 'files');
  if (!existsSync(filesDir)) return 0;
  const waiting = await db.selectFrom('files').select(['id', 'stored_path']).where('stored_path', '<>', '').execute();
  let moved = 0;
  for (const file of waiting) {
    const path = join(filesDir, file.stored_path);
    if (!existsSync(path)) continue;
    // The row is claimed in the transaction that writes the bytes: a process starting at the same time skips it.
    const claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx.updateTable('files').set({ stored_path: '' }).where('id', '=', file.id).where('stored_path', '=', file.stored_path).executeTakeFirst();
      if (claim.numUpdatedRows === 0n) return false;
      await writeFileChunks(trx, file.id, path);
      return true;
    });
    if (!claimed) continue;
    await rm(path, { force: true });
    moved += 1;
  }
  await removeEmptyFolders(filesDir);
  return moved;
}

/** Removes the shard folders left empty, then the files folder if nothing else is in it. */
async function removeEmptyFolders(filesDir: string): Promise<void> {
  const entries = await readdir(filesDir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isDirectory()) await rmdir(join(filesDir, entry.name)).catch(() => undefined);
  }
  await rmdir(filesDir).catch(() => undefined);
}
