import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileFormModule, createFormAjv } from '../src/config/form-compiler';
import { compileFormValidators } from './compile-form-validators';

interface ValidatorModule {
  form: { id: string; schema: unknown };
  validate: ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; message?: string }[] | null };
  validateFns: Record<string, unknown>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const signUp = {
  $schema: '../meta/form.schema.json',
  id: 'sign-up',
  schema: {
    type: 'object',
    required: ['email', 'firstname'],
    properties: {
      email: { type: 'string', title: 'Email', format: 'email', errorMessage: 'Please enter a valid email address' },
      firstname: {
        type: 'string',
        pattern: '^[\\p{L} ]+$',
        maxLength: 16,
        errorMessage: {
          pattern: 'first name is not in correct format',
          maxLength: 'first name is too long 16 character is required!',
        },
      },
      birthdate: { type: 'string', format: 'date', 'x-minAgeYears': 16, errorMessage: 'Invalid birth of date.' },
      expiry: { type: 'string', format: 'date', 'x-notBeforeToday': true },
      password: { type: 'string', minLength: 6 },
      confirmPassword: { type: 'string', const: { $data: '1/password' }, errorMessage: 'Passwords do not match' },
    },
    errorMessage: { required: { email: 'Please enter a valid email address' } },
  },
  uiSchema: { email: { 'ui:autofocus': true } },
};

let formsDir: string;
let outDir: string;

beforeEach(() => {
  // Inside the repository, so the generated module's import of the validator runtime resolves as in the app.
  mkdirSync(path.join(root, 'src/generated'), { recursive: true });
  const work = mkdtempSync(path.join(root, 'src/generated/script-test-'));
  formsDir = path.join(work, 'forms');
  outDir = path.join(work, 'validators');
  mkdirSync(formsDir);
});

afterEach(() => {
  rmSync(path.dirname(formsDir), { recursive: true, force: true });
});

function writeForm(name: string, content: unknown) {
  writeFileSync(path.join(formsDir, `${name}.json`), typeof content === 'string' ? content : JSON.stringify(content));
}

async function importModule(name: string): Promise<ValidatorModule> {
  return (await import(/* @vite-ignore */ pathToFileURL(path.join(outDir, `${name}.js`)).href)) as ValidatorModule;
}

describe('compile-form-validators', () => {
  it('writes one standalone module per form file that validates with the schema messages', async () => {
    writeForm('sign-up', signUp);
    const result = compileFormValidators({ formsDir, outDir });
    expect(result.errors).toEqual([]);
    expect(result.written).toEqual([path.join(outDir, 'sign-up.js')]);

    const module = await importModule('sign-up');
    expect(module.form).not.toHaveProperty('$schema');
    expect(module.form.id).toBe('sign-up');

    expect(module.validate({ email: 'nobody', firstname: 'Fatou1' })).toBe(false);
    const messages = (module.validate.errors ?? []).map((error) => [error.instancePath, error.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['/email', 'Please enter a valid email address'],
        ['/firstname', 'first name is not in correct format'],
      ]),
    );
    expect(module.validate({ email: 'fatou@demo.test', firstname: 'Fatou Binta' })).toBe(true);
  });

  it('generates code without require, eval or new Function, importing only the validator runtime', () => {
    const code = compileFormModule(signUp, 'schemas/forms/sign-up.json', '../../lib/validator-runtime');
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).not.toMatch(/new Function|\beval\(/);
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports).toEqual(['../../lib/validator-runtime']);
  });

  it('[UW-5.22] [UW-5.41] implements the date keywords against today', async () => {
    writeForm('sign-up', signUp);
    compileFormValidators({ formsDir, outDir });
    const { validate } = await importModule('sign-up');
    const base = { email: 'fatou@demo.test', firstname: 'Fatou' };
    const today = new Date();
    const iso = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const sixteenYearsAgo = new Date(today.getFullYear() - 16, today.getMonth(), today.getDate());
    const dayAfter = new Date(sixteenYearsAgo.getFullYear(), sixteenYearsAgo.getMonth(), sixteenYearsAgo.getDate() + 1);
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);

    expect(validate({ ...base, birthdate: iso(sixteenYearsAgo) })).toBe(true);
    expect(validate({ ...base, birthdate: iso(dayAfter) })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/birthdate', message: 'Invalid birth of date.' });
    expect(validate({ ...base, expiry: iso(today) })).toBe(true);
    expect(validate({ ...base, expiry: iso(yesterday) })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/expiry', keyword: 'x-notBeforeToday' });
  });

  it('[UW-5.06] supports $data references, e.g. a confirmation equal to the password', async () => {
    writeForm('sign-up', signUp);
    compileFormValidators({ formsDir, outDir });
    const { validate } = await importModule('sign-up');
    const base = { email: 'fatou@demo.test', firstname: 'Fatou' };
    expect(validate({ ...base, password: 'secret1', confirmPassword: 'secret1' })).toBe(true);
    expect(validate({ ...base, password: 'secret1', confirmPassword: 'secret2' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/confirmPassword', message: 'Passwords do not match' });
  });

  it('gives the config checker the same keywords in-process', () => {
    const warnings: string[] = [];
    const validate = createFormAjv(warnings).compile(signUp.schema);
    expect(validate({ email: 'fatou@demo.test', firstname: 'Fatou', birthdate: '2999-01-01' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/birthdate', message: 'Invalid birth of date.' });
    expect(warnings).toEqual([]);
  });

  it('names the file and pointer of a broken form and writes nothing for it', () => {
    writeForm('wrong-id', { ...signUp, id: 'other' });
    writeForm('unknown-format', { id: 'unknown-format', schema: { type: 'string', format: 'hostname' } });
    writeForm('misspelt-keyword', { id: 'misspelt-keyword', schema: { type: 'string', 'x-notBeforeTodey': true } });
    writeForm('not-json', '{ "id": ');
    const result = compileFormValidators({ formsDir, outDir });
    const relative = (name: string) => path.relative(root, path.join(formsDir, `${name}.json`));
    expect(result.errors).toEqual([
      // The keyword itself, not only /schema.
      expect.stringMatching(new RegExp(`^${relative('misspelt-keyword')}#/schema/x-notBeforeTodey: .*x-notBeforeTodey`)),
      expect.stringMatching(new RegExp(`^${relative('not-json')}#: is not valid JSON`)),
      expect.stringMatching(new RegExp(`^${relative('unknown-format')}#/schema/format: .*hostname`)),
      `${relative('wrong-id')}#/id: "other" must equal the file name "wrong-id"`,
    ]);
    expect(result.written).toEqual([]);
  });

  it('rewrites only changed modules and removes modules of deleted forms', () => {
    writeForm('sign-up', signUp);
    compileFormValidators({ formsDir, outDir });
    const target = path.join(outDir, 'sign-up.js');
    const before = statSync(target).mtimeMs;
    const again = compileFormValidators({ formsDir, outDir });
    expect(again.unchanged).toEqual([target]);
    expect(statSync(target).mtimeMs).toBe(before);

    writeFileSync(path.join(outDir, 'deleted-form.js'), 'export {};');
    const cleaned = compileFormValidators({ formsDir, outDir });
    expect(cleaned.removed).toEqual([path.join(outDir, 'deleted-form.js')]);
    expect(readFileSync(target, 'utf8')).toContain('export const validate = v0;');
  });
});
