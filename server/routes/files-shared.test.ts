// Files every host can read (issue 26, item 2): an upload's bytes go into the database, in chunks of about 1 MB, in
// the unit of work that records the file, so any gateway on the same database serves it; a refused or failed upload
// leaves no chunk; files an older gateway kept in `<dataDir>/files` are moved in when a gateway starts there.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { Faults, type FaultPoint } from '../db/faults.ts';
import { fileUrlSigner } from '../domain/files/signing.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { TEST_JWT_SECRET } from '../testing.ts';
import { sharedTestDatabase, type TestDatabase } from '../testing/database.ts';
import { snapshotDatabase } from '../testing/faults.ts';
import { bearerFor } from '../testing/users.ts';

// Several megabytes through two gateways and the database, on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

/** "about 1 MB" a chunk (issue 26): no row holds more than a mebibyte. */
const MAX_CHUNK_BYTES = 1024 * 1024;
/** What the gateway answers for any failure of its database (as in money-faults.test.ts). */
const DATABASE_FAILURE = { errors: [{ status: '500', title: 'Internal Server Error' }], meta: { requestId: expect.any(String) as unknown } };

/** A PDF of 2.5 MB: three chunks. */
const bigPdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2_500_000), Buffer.from('\n%%EOF\n')]);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let database: (TestDatabase & { world: MinimalWorld }) | undefined;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database?.drop();
  database = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'teller-host-'));
  dirs.push(dir);
  return dir;
}

async function sharedDatabase(): Promise<TestDatabase & { world: MinimalWorld }> {
  database = await sharedTestDatabase();
  return database;
}

/** One gateway host: its own process state and data directory, the shared database. */
async function startHost(url: string, dataDir = newDataDir(), options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    databaseUrl: url,
    dataDir,
    demo: true,
    jwtSecret: TEST_JWT_SECRET,
    now: () => MINIMAL_NOW,
    approvalsDir: join(dataDir, 'no-approvals'),
    ...options,
  });
  apps.push(app);
  return app;
}

async function multipart(fields: Record<string, string>, field: string, name: string, bytes: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

const documentFields = { documentType: 'Passport', documentNumber: 'P1234567', expiryDate: '2030-01-31' };

async function uploadDocument(app: FastifyInstance, world: MinimalWorld, name: string, bytes: Buffer, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipart(documentFields, 'files', name, bytes);
  const auth = headers ?? (await bearerFor(app, world.users.super, 'naccug'));
  return app.inject({ method: 'POST', url: `/api/v1/fs/documents/${world.users.kanifingMember}`, headers: { ...auth, 'content-type': contentType }, payload });
}

async function chunkSizes(app: FastifyInstance): Promise<number[]> {
  const rows = await app.db.selectFrom('file_chunks').select('bytes').orderBy('file_id').orderBy('seq').execute();
  return rows.map((row) => row.bytes.length);
}

const incoming = (app: FastifyInstance) => (existsSync(app.teller.incomingDir) ? readdirSync(app.teller.incomingDir) : []);

describe('files in the database', () => {
  it('[UW-7.20] a 2.5 MB document received by one host is kept in chunks of at most 1 MB and served byte-identical by another host', async () => {
    const { url, world } = await sharedDatabase();
    const first = await startHost(url);
    const second = await startHost(url);
    const res = await uploadDocument(first, world, 'passport.pdf', bigPdf);
    expect(res.statusCode).toBe(201);
    const sizes = await chunkSizes(first);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_CHUNK_BYTES);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(bigPdf.length);
    expect(incoming(first), 'the temporary file is removed').toEqual([]);

    const { url1 } = res.json<{ data: { attributes: { url1: string } } }>().data.attributes;
    for (const host of [second, first]) {
      const download = await host.inject({ method: 'GET', url: url1 });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-length']).toBe(String(bigPdf.length));
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.equals(bigPdf)).toBe(true);
    }
  });

  it('[UW-7.23] an avatar received by one host is served by another', async () => {
    const { url, world } = await sharedDatabase();
    const first = await startHost(url);
    const second = await startHost(url);
    const { payload, contentType } = await multipart({}, 'file', 'me.png', png);
    const headers = { ...(await bearerFor(first, world.users.super, 'naccug')), 'content-type': contentType };
    const res = await first.inject({ method: 'POST', url: `/api/v1/fs/images/${world.users.kanifingMember}`, headers, payload });
    expect(res.statusCode).toBe(201);
    const download = await second.inject({ method: 'GET', url: res.json<{ data: { attributes: { url: string } } }>().data.attributes.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(png)).toBe(true);
  });

  it('[UW-5.43] a refused multi-chunk upload leaves no file row, no chunk and no temporary file', async () => {
    const { url, world } = await sharedDatabase();
    const host = await startHost(url);
    const notAllowed = Buffer.concat([Buffer.from('just text, not a document\n'), randomBytes(2_500_000)]);
    const res = await uploadDocument(host, world, 'passport.pdf', notAllowed);
    expect(res.statusCode).toBe(415);
    expect(await chunkSizes(host)).toEqual([]);
    expect(await host.db.selectFrom('files').select('id').execute()).toEqual([]);
    expect(incoming(host)).toEqual([]);
  });

  it('a failure while the chunks are written leaves neither the document, its files nor any chunk', async () => {
    const { url, world } = await sharedDatabase();
    const faults = new Faults();
    const host = await startHost(url, newDataDir(), { faults });
    const headers = await bearerFor(host, world.users.super, 'naccug');
    const before = await snapshotDatabase(host.db);
    const points: FaultPoint[] = [
      { table: 'file_chunks', kind: 'insert', nth: 2, when: 'before' },
      { table: 'file_chunks', kind: 'insert', nth: 3, when: 'after' },
    ];
    for (const point of points) {
      const struck = faults.struck;
      faults.arm(point);
      const res = await uploadDocument(host, world, 'passport.pdf', bigPdf, headers);
      const where = `${point.when} insert #${point.nth ?? 1} on file_chunks`;
      expect(faults.struck, `the fault ${where} was reached`).toBe(struck + 1);
      expect({ status: res.statusCode, body: res.json() as unknown }, where).toEqual({ status: 500, body: DATABASE_FAILURE });
      expect(await snapshotDatabase(host.db), where).toEqual(before);
      expect(incoming(host), where).toEqual([]);
    }
    faults.disarm();
    expect((await uploadDocument(host, world, 'passport.pdf', bigPdf, headers)).statusCode).toBe(201);
  });

  it('a data directory from before keeps its files: a gateway starting there moves them into the database and serves them', async () => {
    const { url, world } = await sharedDatabase();
    const dataDir = newDataDir();
    const legacy = await startHost(url, newDataDir());
    // What a gateway before issue 26 left: the row naming `<2 chars>/<id>`, the bytes under <dataDir>/files.
    const onDisk = { id: 'legacyFileOnThisHost0000000000000', bytes: bigPdf };
    const elsewhere = { id: 'legacyFileOnAnotherHost00000000000' };
    for (const { id } of [onDisk, elsewhere]) {
      await legacy.db
        .insertInto('files')
        .values({
          id,
          tenant_id: 'naccug',
          user_id: world.users.kanifingMember,
          document_id: null,
          kind: 'photo',
          original_name: 'old.pdf',
          stored_path: join(id.slice(0, 2), id),
          mime: 'application/pdf',
          size: bigPdf.length,
          sha256: 'not checked here',
          created_by: null,
          created: MINIMAL_NOW.toISOString(),
        })
        .execute();
    }
    mkdirSync(join(dataDir, 'files', onDisk.id.slice(0, 2)), { recursive: true });
    writeFileSync(join(dataDir, 'files', onDisk.id.slice(0, 2), onDisk.id), onDisk.bytes);

    const upgraded = await startHost(url, dataDir);
    expect(existsSync(join(dataDir, 'files')), 'the files folder is emptied and removed').toBe(false);
    const sign = fileUrlSigner(upgraded.teller.jwtSecret, MINIMAL_NOW);
    for (const host of [upgraded, legacy]) {
      const download = await host.inject({ method: 'GET', url: sign(onDisk.id) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(onDisk.bytes)).toBe(true);
    }
    // A file still on another host's disk waits for that host; meanwhile it is not found rather than served empty.
    expect((await upgraded.inject({ method: 'GET', url: sign(elsewhere.id) })).statusCode).toBe(404);
    const rows = await upgraded.db.selectFrom('files').select(['id', 'stored_path']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: elsewhere.id, stored_path: join('le', elsewhere.id) },
      { id: onDisk.id, stored_path: '' },
    ]);
  });
});
