import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layers from '../eslint/layers.js';

const root = path.resolve(import.meta.dirname, '..');

function lint(file: string, source: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    source,
    [{ files: ['**/*.ts', '**/*.tsx', '**/*.js'], languageOptions: { parser: tseslint.parser }, plugins: { layers }, rules: { 'layers/one-way-imports': 'error' } }],
    path.join(root, file),
  );
  return messages.map((m) => m.message);
}

describe('lint: one-way imports (docs/architecture.md, layout)', () => {
  it('lets a feature import render, flows, config and api', () => {
    expect(lint('src/features/users/list/UsersList.tsx', "import { SchemaTable } from '../../../render/table/SchemaTable';\nimport { x } from '../../../api/client';")).toEqual([]);
  });

  it('refuses a feature importing another feature', () => {
    expect(lint('src/features/users/list/UsersList.tsx', "import { x } from '../../wallet/balance';")).toEqual([
      'feature "users" must not import feature "wallet"; move the shared part down to render, flows, config or api',
    ]);
  });

  it('refuses the renderer importing a feature or the app', () => {
    expect(lint('src/render/table/SchemaTable.tsx', "import { x } from '../../features/users';\nimport { y } from '../../app/Shell';")).toHaveLength(2);
  });

  it('refuses the api layer importing config, and the browser code importing the gateway', () => {
    expect(lint('src/api/client.ts', "import { x } from '../config/catalogue';")).toEqual([
      'src/api must not import src/config (imports flow app → features → render/flows → config/api → lib)',
    ]);
    expect(lint('src/api/client.ts', "import { x } from '../../server/app';")).toEqual(['src/ must not import server/ code']);
  });

  it('lets the gateway import only the generated contract, the config types and the page contract from src/', () => {
    expect(lint('server/routes/users.ts', "import type { paths } from '../../src/api/gateway';")).toEqual([]);
    expect(lint('server/http/first-screen.ts', "import { SESSION_KEYS } from '../../src/api/page-contract.ts';")).toEqual([]);
    expect(lint('server/http/first-screen.ts', "import { sessionStore } from '../../src/api/session.ts';")).toEqual([
      'server/ may import from src/ only the generated contract, the config types, the page contract and the config checker (src/config/check/)',
    ]);
    expect(lint('server/seed/tenants.ts', "import type { Tenant } from '../../src/generated/config-types.ts';")).toEqual([]);
    expect(lint('server/routes/users.ts', "import { x } from '../../src/config/catalogue';")).toEqual([
      'server/ may import from src/ only the generated contract, the config types, the page contract and the config checker (src/config/check/)',
    ]);
    expect(lint('server/routes/forms.ts', "import { x } from '../../src/generated/validators/login.js';")).toEqual([
      'server/ may import from src/ only the generated contract, the config types, the page contract and the config checker (src/config/check/)',
    ]);
  });

  it('keeps the generated config types to the layers that may import src/generated', () => {
    expect(lint('src/config/types.ts', "import type { Tenant } from '../generated/config-types.ts';")).toEqual([]);
    expect(lint('src/flows/top-up.machine.ts', "import type { Rule } from '../generated/config-types.ts';")).toEqual([
      'src/flows must not import src/generated (imports flow app → features → render/flows → config/api → lib)',
    ]);
  });

  it('keeps HTTP out of the gateway domain (docs/architecture.md, conventions), in its tests too', () => {
    const message = (what: string) =>
      `server/domain must not import ${what}: return an outcome or throw a DomainRefusal, and let the route map it to HTTP`;
    expect(lint('server/domain/users/update.ts', "import { HttpError } from '../../http/jsonapi.ts';")).toEqual([message('server/http')]);
    expect(lint('server/domain/wallet/listing.ts', "import { x } from '../../routes/_transactions.ts';")).toEqual([message('server/routes')]);
    expect(lint('server/domain/users/queries.ts', "import type { FastifyRequest } from 'fastify';")).toEqual([message('fastify')]);
    expect(lint('server/domain/wallet/wallet-rules.test.ts', "import { HttpError } from '../../http/jsonapi.ts';")).toEqual([message('server/http')]);
    expect(lint('server/domain/users/update.ts', "import { x } from '../refusal.ts';\nimport { y } from '../../db/connection.ts';\nimport { sql } from 'kysely';")).toEqual([]);
    expect(lint('server/routes/users.ts', "import { HttpError } from '../http/jsonapi.ts';\nimport { x } from '../domain/users/update.ts';")).toEqual([]);
    expect(lint('server/http/errors.ts', "import { DomainRefusal } from '../domain/refusal.ts';\nimport type { FastifyReply } from 'fastify';")).toEqual([]);
  });

  it('lets a test compose layers but not cross the server wall', () => {
    expect(lint('src/flows/top-up.machine.test.ts', "import { x } from '../render/form/compiled-forms';")).toEqual([]);
    expect(lint('src/flows/top-up.machine.test.ts', "import { x } from '../../server/app';")).toEqual(['src/ must not import server/ code']);
  });

  it('refuses a test reaching up: a test that needs a higher layer belongs to it', () => {
    expect(lint('src/flows/top-up.machine.test.ts', "import { x } from '../features/wallet/top-up/top-up-form';")).toEqual([
      'src/flows must not import src/features (imports flow app → features → render/flows → config/api → lib)',
    ]);
    expect(lint('src/features/users/edited-config.test.tsx', "import { x } from '../../app/ConfigProvider';")).toEqual([
      'src/features must not import src/app (imports flow app → features → render/flows → config/api → lib)',
    ]);
  });

  it('lets scripts import the product, and refuses product code importing scripts/ (issue 23, item 4)', () => {
    const wall = 'src/ and server/ must not import scripts/: move what the product runs into a layer both sides may use (src/config/check/, src/lib/)';
    expect(lint('scripts/check-config.ts', "import { x } from '../src/config/check/health.ts';\nimport { y } from '../server/app.ts';")).toEqual([]);
    expect(lint('server/app.ts', "import { ConfigChecker } from '../scripts/config-checker.ts';")).toEqual([wall]);
    expect(lint('src/render/form/test-forms.ts', "import { x } from '../../../scripts/compile-form-validators';")).toEqual([wall]);
    expect(lint('server/behind-tls-front.test.ts', "import { startTlsFront } from '../scripts/tls-front.ts';")).toEqual([]);
  });

  it('lets the gateway import the config checker, the one part of src/config it shares', () => {
    expect(lint('server/app.ts', "import { ConfigChecker } from '../src/config/check/checker-thread.ts';")).toEqual([]);
    expect(lint('server/app.ts', "import { x } from '../src/config/forms.ts';")).toEqual([
      'server/ may import from src/ only the generated contract, the config types, the page contract and the config checker (src/config/check/)',
    ]);
  });

  it('lets the page entry read the page contract and no other part of src/api', () => {
    expect(lint('src/boot.ts', "import { FIRST_SCREEN_MODULES_ID } from './api/page-contract';")).toEqual([]);
    expect(lint('src/boot.ts', "import { client } from './api/client';")).toEqual([
      'src/boot must not import src/api (imports flow app → features → render/flows → config/api → lib)',
    ]);
  });

  it('keeps src/lib beneath every layer, and generated code beneath config', () => {
    expect(lint('src/config/form-fields.ts', "import { formats } from '../lib/validator-runtime.ts';")).toEqual([]);
    expect(lint('src/render/IsoDateInput.tsx', "import { isIsoDate } from '../lib/validator-runtime';")).toEqual([]);
    expect(lint('src/lib/validator-runtime.ts', "import type { FormConfig } from '../config/types.ts';")).toEqual([
      'src/lib must not import src/config (imports flow app → features → render/flows → config/api → lib)',
    ]);
    expect(lint('src/generated/validators/login.js', "import * as __runtime from '../../render/form/validation/runtime';")).toEqual([
      'src/generated must not import src/render (imports flow app → features → render/flows → config/api → lib)',
    ]);
    expect(lint('src/generated/validators/login.js', "import { x } from '../../config/forms';")).toEqual([
      'src/generated must not import src/config (imports flow app → features → render/flows → config/api → lib)',
    ]);
  });
});
