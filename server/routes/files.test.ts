import { readdir } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { fileUrlSigner } from '../domain/files/signing.ts';
import { biffWorkbook, compoundFile } from '../testing/compound-file.ts';
import { bearerFor, buildClockedTestApp, type ClockedGateway } from '../testing/users.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';

type Person = keyof MinimalWorld['users'];
/** Who calls: a person in their own tenant, or [person, tenant]. */
type Actor = Person | [Person, string];
// naccug has no top admin of its own in the minimal world: super@demo.test acts there with naccug's token.
const NACCUG_TOP: Actor = ['super', 'naccug'];

let gw: ClockedGateway;
let u: MinimalWorld['users'];
const start = MINIMAL_NOW.getTime();

beforeAll(async () => {
  gw = await buildClockedTestApp(new Date(start));
  u = gw.world.users;
});
afterAll(async () => {
  await gw.app.close();
});

async function auth(as: Actor) {
  const [person, tenant] = typeof as === 'string' ? [as, undefined] : as;
  return bearerFor(gw.app, u[person], tenant);
}

// ---- files, by their bytes ----
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000'), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
const mz = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\u0000\u0000'), Buffer.alloc(64)]);
const text = Buffer.from('just some text, not an image\n');
/** A legacy Excel file: a compound file whose root storage holds a Workbook stream opening with a BIFF BOF record. */
const xls = compoundFile({ '\u0005SummaryInformation': Buffer.alloc(200), Workbook: biffWorkbook() });
/** A compound file without a workbook (e.g. an .msi installer) named .xls. */
const msi = compoundFile({ '\u0005SummaryInformation': Buffer.alloc(200) });
/** The compound file signature and the word "Workbook" somewhere in its bytes, but no compound file structure. */
const forgedBytes = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016), Buffer.from('Workbook', 'utf16le'), Buffer.alloc(512)]);
/** A real compound file that names "Workbook" only inside another stream's bytes. */
const forgedName = compoundFile({ Contents: Buffer.concat([Buffer.from('Workbook', 'utf16le'), biffWorkbook()]) });
/** A Workbook stream that is not a BIFF workbook. */
const forgedStream = compoundFile({ Workbook: Buffer.from('MZ, not a workbook') });

/** A minimal stored (uncompressed) zip. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const docx = zip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});

// ---- requests ----
interface Upload {
  name: string;
  bytes: Buffer;
  field?: string;
}

async function multipart(fields: Record<string, string>, files: Upload[], defaultField: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field ?? defaultField, new Blob([new Uint8Array(file.bytes)]), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

const documentFields = { documentType: 'Passport', documentNumber: 'P1234567', expiryDate: '2030-01-31' };

async function uploadDocuments(files: Upload[], fields: Record<string, string> = documentFields, as: Actor = NACCUG_TOP, userId = u.kanifingMember) {
  const { payload, contentType } = await multipart(fields, files, 'files');
  const headers = { ...(await auth(as)), 'content-type': contentType };
  const res = await gw.app.inject({ method: 'POST', url: `/api/v1/fs/documents/${userId}`, headers, payload });
  expectMatchesContract(res, 'uploadDocuments');
  return res;
}

async function uploadImage(file: Upload, as: Actor = NACCUG_TOP, userId = u.kanifingMember) {
  const { payload, contentType } = await multipart({}, [file], 'file');
  const headers = { ...(await auth(as)), 'content-type': contentType };
  const res = await gw.app.inject({ method: 'POST', url: `/api/v1/fs/images/${userId}`, headers, payload });
  expectMatchesContract(res, 'uploadImage');
  return res;
}

async function download(url: string) {
  const res = await gw.app.inject({ method: 'GET', url });
  expectMatchesContract(res, 'getFile');
  return res;
}

/** Temporary files of uploads in progress: none once an upload is answered. */
async function incomingFileCount(): Promise<number> {
  return (await readdir(gw.app.teller.incomingDir).catch(() => [])).length;
}

async function rowCounts() {
  const documents = await gw.app.db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const files = await gw.app.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const chunks = await gw.app.db.selectFrom('file_chunks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { documents: Number(documents.n), files: Number(files.n), chunks: Number(chunks.n), incoming: await incomingFileCount() };
}

const errorsOf = (res: LightMyRequestResponse) => res.json<{ errors: Array<{ title: string; source?: { pointer?: string } }> }>().errors;

interface DocumentAnswer {
  data: { id: string; attributes: { url: string; url1: string; url2: string | null; url3: string | null; type: string; number: string; expiryDate: string | null } };
}

describe('uploadDocuments', () => {
  it('[UW-7.20] stores a document with its files, answers signed URLs, and audits the upload', async () => {
    const res = await uploadDocuments([
      { name: 'passport.png', bytes: png },
      { name: 'passport.pdf', bytes: pdf },
    ]);
    expect(res.statusCode).toBe(201);
    const { data } = res.json<DocumentAnswer>();
    expect(data.attributes).toMatchObject({ type: 'Passport', number: 'P1234567', expiryDate: '2030-01-31', url3: null });
    expect(data.attributes.url).toBe(data.attributes.url1);
    expect(data.attributes.url1).toMatch(/^\/files\/[A-Za-z0-9_-]+\?exp=\d+&sig=[A-Za-z0-9_-]+$/);

    const first = await download(data.attributes.url1);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.rawPayload.equals(png)).toBe(true);
    const second = await download(data.attributes.url2 ?? '');
    expect(second.headers['content-type']).toBe('application/pdf');

    const audit = await gw.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'document.upload').where('entity_id', '=', data.id).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ userId: u.kanifingMember, documentType: 'Passport', files: [{ name: 'passport.png' }, { name: 'passport.pdf' }] });

    const profile = await gw.app.inject({ method: 'GET', url: `/api/v1/um/User/${u.kanifingMember}?include=document`, headers: await auth(NACCUG_TOP) });
    expectMatchesContract(profile, 'getUser');
    const included = profile.json<{ included: Array<{ type: string; id: string; attributes: { url1: string } }> }>().included;
    expect(included.find((item) => item.type === 'document' && item.id === data.id)?.attributes.url1).toMatch(/^\/files\//);
  });

  it('[UW-5.43] accepts jpeg, gif, docx and xls by their content', async () => {
    const res = await uploadDocuments([
      { name: 'scan.jpg', bytes: jpeg },
      { name: 'letter.docx', bytes: docx },
      { name: 'sheet.xls', bytes: xls },
    ]);
    expect(res.statusCode).toBe(201);
    const { url1, url2, url3 } = res.json<DocumentAnswer>().data.attributes;
    expect((await download(url1)).headers['content-type']).toBe('image/jpeg');
    expect((await download(url2 ?? '')).headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await download(url3 ?? '')).headers['content-type']).toBe('application/vnd.ms-excel');
    expect((await uploadDocuments([{ name: 'anim.gif', bytes: gif }])).statusCode).toBe(201);
    // Excel 5 and 95 name the stream Book.
    expect((await uploadDocuments([{ name: 'old.xls', bytes: compoundFile({ Book: biffWorkbook() }) }])).statusCode).toBe(201);
  });

  it.each([
    ['an ELF executable named photo.png', { name: 'photo.png', bytes: elf }],
    ['an MZ executable named passport.pdf', { name: 'passport.pdf', bytes: mz }],
    ['a text file named scan.png', { name: 'scan.png', bytes: text }],
    ['a compound file without a workbook named sheet.xls', { name: 'sheet.xls', bytes: msi }],
    ['a forged xls: the signature and the word Workbook, no structure (regression: accepted)', { name: 'sheet.xls', bytes: forgedBytes }],
    ['a forged xls: Workbook named inside another stream (regression: accepted)', { name: 'sheet.xls', bytes: forgedName }],
    ['a forged xls: a Workbook stream that is no workbook', { name: 'sheet.xls', bytes: forgedStream }],
  ])('refuses %s with 415 and keeps nothing', async (_label, file) => {
    const before = await rowCounts();
    const res = await uploadDocuments([{ name: 'ok.png', bytes: png }, file]);
    expect(res.statusCode).toBe(415);
    expect(errorsOf(res)).toEqual([expect.objectContaining({ title: 'File type not allowed', source: { pointer: '/files/1' } })]);
    expect(await rowCounts()).toEqual(before);
  });

  // Two 50 MB forms built and received, each written to the database: minutes on a loaded 2-core machine.
  it('[RP-5.11] takes a file of 50,000,000 bytes, and refuses one byte more with 413 and keeps nothing', async () => {
    // RP-5.11 (also UW §9): each file at most 50,000,000 bytes.
    const largest = Buffer.alloc(50_000_000);
    png.copy(largest);
    expect((await uploadDocuments([{ name: 'largest.png', bytes: largest }])).statusCode).toBe(201);
    const before = await rowCounts();
    const big = Buffer.alloc(50_000_001);
    png.copy(big);
    const res = await uploadDocuments([{ name: 'huge.png', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(await rowCounts()).toEqual(before);
  }, 240_000);

  it('[UW-5.42] refuses a 4th file', async () => {
    const before = await rowCounts();
    const res = await uploadDocuments([1, 2, 3, 4].map((n) => ({ name: `page${n}.png`, bytes: png })));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.source?.pointer).toBe('/files');
    expect(await rowCounts()).toEqual(before);
  });

  it('[UW-5.39] [UW-5.40] requires a document type and number, with the spec’s messages', async () => {
    const before = await rowCounts();
    const res = await uploadDocuments([{ name: 'p.png', bytes: png }], { documentType: ' ', documentNumber: '' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { status: '422', title: 'Invalid Document Type', source: { pointer: '/documentType' } },
      { status: '422', title: 'Invalid Document Id', source: { pointer: '/documentNumber' } },
    ]);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a NUL in a form field with 422 at its pointer and keeps nothing (regression: accepted)', async () => {
    const before = await rowCounts();
    const res = await uploadDocuments([{ name: 'p.png', bytes: png }], { ...documentFields, documentNumber: 'P\u0000123', documentType: 'Passport\u0000' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).map((error) => error.source?.pointer)).toEqual(['/documentNumber', '/documentType']);
    expect(await rowCounts()).toEqual(before);
  });

  it('[UW-5.41] refuses an expiry date before today and accepts today', async () => {
    const past = await uploadDocuments([{ name: 'p.png', bytes: png }], { ...documentFields, expiryDate: '2025-01-14' });
    expect(past.statusCode).toBe(422);
    expect(errorsOf(past)[0]?.source?.pointer).toBe('/expiryDate');
    expect((await uploadDocuments([{ name: 'p.png', bytes: png }], { ...documentFields, expiryDate: '2025-01-15' })).statusCode).toBe(201);
  });

  it('[UW-5.46] [UW-5.47] requires at least one attachment', async () => {
    const res = await uploadDocuments([]);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { status: '422', title: 'Attachment Required!', detail: 'Please attach required documents to proceed.', source: { pointer: '/files' } },
    ]);
  });

  it('answers 404 for a user of another tenant or outside the scope, and 403 in a payin tenant', async () => {
    expect((await uploadDocuments([{ name: 'p.png', bytes: png }], documentFields, 'partner')).statusCode).toBe(404);
    expect((await uploadDocuments([{ name: 'p.png', bytes: png }], documentFields, 'group', u.serrekundaMember)).statusCode).toBe(404);
    expect((await uploadDocuments([{ name: 'p.png', bytes: png }], documentFields, 'payin', u.payin)).statusCode).toBe(403);
  });
});

describe('uploadImage and getFile', () => {
  it('[UW-7.23] makes the image the user’s photo and serves it through its signed URL', async () => {
    const res = await uploadImage({ name: 'me.gif', bytes: gif }, NACCUG_TOP, u.serrekundaMemberByOfficer);
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ data: { attributes: { url: string } } }>().data.attributes;
    const file = await download(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/gif');
    expect(file.rawPayload.equals(gif)).toBe(true);

    const profile = await gw.app.inject({ method: 'GET', url: `/api/v1/um/User/${u.serrekundaMemberByOfficer}?include=photo`, headers: await auth(NACCUG_TOP) });
    expectMatchesContract(profile, 'getUser');
    expect(profile.json<{ included: Array<{ type: string; attributes: { url: string } }> }>().included[0]).toMatchObject({ type: 'photo' });
    const audit = await gw.app.db.selectFrom('audit_log').select('action').where('action', '=', 'photo.upload').execute();
    expect(audit).toHaveLength(1);
  });

  it('[UW-5.62] refuses a pdf or a renamed executable as the photo', async () => {
    expect((await uploadImage({ name: 'me.pdf', bytes: pdf })).statusCode).toBe(415);
    expect((await uploadImage({ name: 'me.png', bytes: elf })).statusCode).toBe(415);
    const user = await gw.app.db.selectFrom('users').select('photo_file_id').where('id', '=', u.kanifingMember).executeTakeFirstOrThrow();
    expect(user.photo_file_id).toBeNull();
  });

  it('[UW-5.63] takes one image only', async () => {
    const { payload, contentType } = await multipart({}, [{ name: 'a.png', bytes: png }, { name: 'b.png', bytes: png }], 'file');
    const headers = { ...(await auth(NACCUG_TOP)), 'content-type': contentType };
    const res = await gw.app.inject({ method: 'POST', url: `/api/v1/fs/images/${u.kanifingMember}`, headers, payload });
    expectMatchesContract(res, 'uploadImage');
    expect(res.statusCode).toBe(422);
  });

  it('answers 403 for a tampered or expired signature and 404 for an unknown file', async () => {
    const res = await uploadImage({ name: 'me.png', bytes: png }, NACCUG_TOP, u.kanifingMember);
    const { url } = res.json<{ data: { attributes: { url: string } } }>().data.attributes;
    const tampered = url.replace(/sig=./, (match) => (match.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await download(tampered)).statusCode).toBe(403);
    const otherId = url.replace(/^\/files\/[^?]+/, '/files/someone-elses-file');
    expect((await download(otherId)).statusCode).toBe(403);

    gw.setNow(new Date(start + 13 * 60 * 60 * 1000));
    try {
      expect((await download(url)).statusCode).toBe(403);
      const unknown = fileUrlSigner(gw.app.teller.jwtSecret, new Date(start + 13 * 60 * 60 * 1000))('no-such-file');
      expect((await download(unknown)).statusCode).toBe(404);
    } finally {
      gw.setNow(new Date(start));
    }
  });
});
