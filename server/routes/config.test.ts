// The config's health on the wire: the checker's verdict on every config file, for the admin tenant's top admins only.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../tests/config/config-copy.ts';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { ROLE, STATUS } from '../domain/reference.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { insertPerson } from '../seed/people.ts';
import { bearerFor } from '../testing/users.ts';
import { buildTestApp, type TestGateway } from '../testing.ts';

interface Verdict {
  id: string;
  attributes: { file: string; kind: string; ok: boolean; problems: Array<{ pointer: string; message: string; fix: string }> };
}

let gateway: TestGateway;
let copy: ConfigCopy;
let app: FastifyInstance;
let world: MinimalWorld;

/** A staff member of the admin tenant with another role than 4. */
async function adminTenantOfficer(): Promise<number> {
  return insertPerson(app.db, {
    tenantId: 'dssc',
    firstname: 'Ousman',
    lastname: 'Badjie',
    birthdate: '1990-03-03',
    gender: 'Male',
    nationality: 'Gambian',
    country: 'Gambia',
    email: 'dssc.officer@demo.test',
    phonenumber: '2207999002',
    created: MINIMAL_NOW.toISOString(),
    roles: ROLE.LowerAdmin,
    groupId: null,
    status: STATUS.Active | STATUS.Verified,
    username: 'dssc.officer@demo.test',
    passwordHash: 'unused',
    accountId: 1_999_002,
  });
}

/**
 * Puts a file holding `text` where the pipe was, and gives `text` to a reader of the pipe: one waiting on it goes on,
 * one that opens the path later reads the file. Never waits: a pipe opened for reading and writing does not (Linux).
 */
function replacePipe(pipe: string, text: string): void {
  const fd = openSync(pipe, constants.O_RDWR);
  try {
    writeFileSync(`${pipe}.next`, text);
    renameSync(`${pipe}.next`, pipe);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

async function health(headers: { authorization: string }) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/config/health', headers });
  expectMatchesContract(res, 'getConfigHealth');
  return res;
}

beforeAll(async () => {
  copy = copyConfig();
  gateway = await buildTestApp({ configDir: copy.root });
  ({ app, world } = gateway);
});
afterAll(async () => {
  await gateway.app.close();
  copy.dispose();
});

describe('getConfigHealth', () => {
  it("answers the admin tenant's top admin with every file of tenants/ and schemas/, each ok", async () => {
    const res = await health(await bearerFor(app, world.users.super));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Verdict[]; meta: { fileCount: number; problemCount: number } };
    const files = body.data.map((entry) => entry.id);
    expect(files).toEqual(expect.arrayContaining(['tenants/naccug.json', 'schemas/tables/users.json', 'schemas/forms/create-user.json', 'schemas/menus/wallet.json', 'schemas/meta/table.schema.json']));
    expect(body.data.find((entry) => entry.id === 'schemas/tables/users.json')?.attributes).toEqual({ file: 'schemas/tables/users.json', kind: 'table', ok: true, problems: [] });
    expect(body.data.find((entry) => entry.id === 'schemas/meta/table.schema.json')?.attributes.kind).toBe('meta-schema');
    expect(body.meta).toMatchObject({ fileCount: files.length, problemCount: 0 });
    expect(body.data.every((entry) => entry.attributes.ok)).toBe(true);
  });

  it('refuses the top admin of any other tenant, even acting in the admin tenant (403 not_admin_tenant)', async () => {
    for (const headers of [await bearerFor(app, world.users.partner), await bearerFor(app, world.users.partner, 'dssc'), await bearerFor(app, world.users.group)]) {
      const res = await health(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('not_admin_tenant');
    }
  });

  it("refuses the admin tenant's staff of another role (403 role_not_allowed)", async () => {
    const res = await health(await bearerFor(app, await adminTenantOfficer()));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('role_not_allowed');
  });

  it('refuses without a session (401)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/config/health' });
    expect(res.statusCode).toBe(401);
  });

  it('shows a broken file with its pointer, message and fix, and the files a fix has restored as ok', async () => {
    const headers = await bearerFor(app, world.users.super);
    const original = copy.readJson('schemas/tables/users.json');
    copy.editJson<{ columns: Array<{ header: string }> }>('schemas/tables/users.json', (table) => {
      const second = table.columns[1];
      if (second) second.header = '';
    });
    const broken = (await health(headers)).json() as { data: Verdict[]; meta: { problemCount: number } };
    expect(broken.data.find((entry) => entry.id === 'schemas/tables/users.json')?.attributes).toEqual({
      file: 'schemas/tables/users.json',
      kind: 'table',
      ok: false,
      problems: [{ pointer: '/columns/1/header', message: expect.stringMatching(/empty/), fix: expect.stringMatching(/heading/) }],
    });
    expect(broken.meta.problemCount).toBe(1);

    copy.writeJson('schemas/tables/users.json', original);
    const fixed = (await health(headers)).json() as { data: Verdict[]; meta: { problemCount: number } };
    expect(fixed.data.find((entry) => entry.id === 'schemas/tables/users.json')?.attributes.ok).toBe(true);
    expect(fixed.meta.problemCount).toBe(0);
  });

  it('names a file the config needs that is missing', async () => {
    const headers = await bearerFor(app, world.users.super);
    const original = copy.readJson('schemas/tables/admins.json');
    copy.remove('schemas/tables/admins.json');
    try {
      const body = (await health(headers)).json() as { data: Verdict[] };
      const admins = body.data.find((entry) => entry.id === 'schemas/tables/admins.json');
      expect(admins?.attributes).toMatchObject({ kind: 'missing', ok: false });
      expect(admins?.attributes.problems.length).toBeGreaterThan(0);
    } finally {
      copy.writeJson('schemas/tables/admins.json', original);
    }
  });

  it('checks again when a file the config names appears (regression: a kept verdict outlived an added logo)', async () => {
    const headers = await bearerFor(app, world.users.super);
    const original = copy.readJson('tenants/naccug.json');
    copy.editJson<{ logo: string }>('tenants/naccug.json', (tenant) => {
      tenant.logo = '/logos/naccug-new.svg';
    });
    try {
      const missing = (await health(headers)).json() as { data: Verdict[] };
      expect(missing.data.find((entry) => entry.id === 'tenants/naccug.json')?.attributes.problems).toEqual([expect.objectContaining({ pointer: '/logo' })]);
      copy.writeText('public/logos/naccug-new.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const found = (await health(headers)).json() as { data: Verdict[] };
      expect(found.data.find((entry) => entry.id === 'tenants/naccug.json')?.attributes.ok).toBe(true);
    } finally {
      copy.writeJson('tenants/naccug.json', original);
      copy.remove('public/logos/naccug-new.svg');
    }
  });

  it('keeps answering other requests while it checks (the check runs on a thread of its own)', async () => {
    const headers = await bearerFor(app, world.users.super);
    const tenant = copy.readJson('tenants/naccug.json');
    // The tenant file becomes a pipe: the check stops at reading it until the test writes it, so the check is still
    // running when /healthz is asked. A check on the gateway's own thread would hold /healthz as long (the test hangs).
    const pipe = join(copy.root, 'tenants/naccug.json');
    copy.remove('tenants/naccug.json');
    execFileSync('mkfifo', [pipe]);
    let piped = true;
    const release = () => {
      if (piped) replacePipe(pipe, `${JSON.stringify(tenant, null, 2)}\n`);
      piped = false;
    };
    let checked = false;
    try {
      const checking = health(headers).then((res) => {
        checked = true;
        return res;
      });
      const other = await app.inject({ method: 'GET', url: '/healthz' });
      expect(other.statusCode).toBe(200);
      expect(checked).toBe(false);
      release();
      const verdicts = (await checking).json() as { data: Verdict[] };
      expect(verdicts.data.find((entry) => entry.id === 'tenants/naccug.json')?.attributes.ok).toBe(true);
    } finally {
      release();
    }
  });

  it('says where a file is not JSON, by line and column', async () => {
    const headers = await bearerFor(app, world.users.super);
    const original = copy.readJson('tenants/naccug.json');
    copy.writeText('tenants/naccug.json', '{\n  "id": "naccug",\n}\n');
    try {
      const body = (await health(headers)).json() as { data: Verdict[] };
      const naccug = body.data.find((entry) => entry.id === 'tenants/naccug.json');
      expect(naccug?.attributes.kind).toBe('tenant');
      expect(naccug?.attributes.problems).toEqual([expect.objectContaining({ pointer: '', message: expect.stringMatching(/not valid JSON at line 3, column 1/) })]);
    } finally {
      copy.writeJson('tenants/naccug.json', original);
    }
  });
});
