// The form compiler: a form file's JSON Schema into a standalone ESM validator module (ajv standalone code), so the
// browser validates without ajv and without `new Function` (the app's Content-Security-Policy has no unsafe-eval).
// The build writes the modules (scripts/compile-form-validators.ts); the config checker compiles each form with it
// too (./check/health.ts), so a form that would not compile is a config problem the gateway reports as well.
//
// Each module exports `form` (the form file without `$schema`), `validate` (the root validator) and `validateFns`
// (every validator RJSF may ask for, keyed like @rjsf/validator-ajv8's precompiled validator expects).
import path from 'node:path';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import Ajv, { _, str, type KeywordCxt, type Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formats, notBeforeToday, notLaterThanYearsAgo } from '../lib/validator-runtime.ts';
import { schemaChildren } from './form-fields.ts';
import { isJson } from './json.ts';

// ajv's standalone output `require`s a few helpers; the generated module takes them from our runtime instead.
const RUNTIME_REQUIRES: Record<string, string> = {
  'require("ajv/dist/runtime/ucs2length").default': '__runtime.ucs2length',
  'require("ajv/dist/runtime/equal").default': '__runtime.equal',
};

export class FormCompileError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    message: string,
  ) {
    super(`${file}#${pointer}: ${message}`);
    this.name = 'FormCompileError';
  }
}

/** ajv options of form validation: @rjsf/validator-ajv8's AJV_CONFIG (errors carry the parentSchema RJSF reads for
 * titles), `$data` references (a confirm field equal to another), standalone ESM output that takes formats from the
 * validator runtime, and strictSchema 'log' so a misspelt keyword is reported rather than silently validating nothing. */
export const FORM_AJV_OPTIONS = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  strictSchema: 'log',
  verbose: true,
  discriminator: false,
  $data: true,
  code: { source: true, esm: true, lines: true, formats: _`__runtime.formats` },
} satisfies Options;

/** Adds the form formats, the custom keywords and ajv-errors' `errorMessage` to an ajv made with FORM_AJV_OPTIONS.
 * The keywords generate code that calls the validator runtime, so they work in-process and in standalone modules. */
export function addFormKeywords(ajv: Ajv): Ajv {
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  ajv.addKeyword({
    keyword: 'x-minAgeYears',
    type: 'string',
    schemaType: 'number',
    error: { message: ({ schemaCode }) => str`must be a date at least ${schemaCode} years ago` },
    code(cxt: KeywordCxt) {
      const check = cxt.gen.scopeValue('func', { ref: notLaterThanYearsAgo, code: _`__runtime.notLaterThanYearsAgo` });
      cxt.fail(_`!${check}(${cxt.data}, ${cxt.schemaCode})`);
    },
  });
  ajv.addKeyword({
    keyword: 'x-notBeforeToday',
    type: 'string',
    schemaType: 'boolean',
    error: { message: 'must not be before today' },
    code(cxt: KeywordCxt) {
      const check = cxt.gen.scopeValue('func', { ref: notBeforeToday, code: _`__runtime.notBeforeToday` });
      cxt.fail(_`${cxt.schemaCode} && !${check}(${cxt.data})`);
    },
  });
  ajvErrors(ajv);
  return ajv;
}

/** An ajv for form schemas; schema warnings (unknown keyword or format) are pushed to `warnings`. */
export function createFormAjv(warnings: string[] = []): Ajv {
  const logger = { log: () => {}, warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')), error: console.error };
  return addFormKeywords(new Ajv({ ...FORM_AJV_OPTIONS, logger }));
}

function problemsOf(schema: unknown): string[] {
  const warnings: string[] = [];
  try {
    createFormAjv(warnings).compile(schema as object);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error), ...warnings];
  }
  return warnings;
}

/** The keyword a message names, when the schema object has it: `unknown keyword: "maxlenght"`, a bad regex's pattern. */
function keywordNamed(node: Record<string, unknown>, messages: readonly string[]): string | undefined {
  const text = messages.join(' ');
  const quoted = [...text.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '').find((name) => name in node);
  if (quoted !== undefined) return quoted;
  if (/regular expression/i.test(text) && 'pattern' in node) return 'pattern';
  if (/format/i.test(text) && 'format' in node) return 'format';
  return undefined;
}

/** Where in a form's schema a compile problem is: the deepest subschema that fails on its own, then the keyword. */
export function locateSchemaProblem(schema: unknown, at = '/schema'): string {
  if (!isJson(schema)) return at;
  for (const [child, where] of schemaChildren(schema, at)) {
    if (problemsOf(child).length > 0) return locateSchemaProblem(child, where);
  }
  const keyword = keywordNamed(schema, problemsOf(schema));
  return keyword === undefined ? at : `${at}/${keyword.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** The JS module for one form file; `runtimeImport` is the path of the validator runtime as seen from the module. */
export function compileFormModule(formFile: unknown, file: string, runtimeImport: string): string {
  if (!isJson(formFile)) throw new FormCompileError(file, '', 'a form file must be a JSON object');
  if (typeof formFile.id !== 'string' || formFile.id === '') throw new FormCompileError(file, '/id', 'must be a non-empty string');
  const expectedId = path.basename(file, '.json');
  if (formFile.id !== expectedId) {
    throw new FormCompileError(file, '/id', `"${formFile.id}" must equal the file name "${expectedId}"`);
  }
  if (!isJson(formFile.schema)) throw new FormCompileError(file, '/schema', 'must be a JSON Schema object');

  const { $schema: _metaSchema, ...form } = formFile;
  const schema = formFile.schema as RJSFSchema;
  const warnings: string[] = [];
  const ajv = createFormAjv(warnings);
  let exportNames: Record<string, string>;
  let code: string;
  try {
    // Every (sub)schema RJSF may validate with `isValid` (anyOf/oneOf/dependencies), keyed by $id or schema hash.
    const schemaMap = schemaParser(schema);
    exportNames = Object.fromEntries(Object.keys(schemaMap).map((key, index) => [`v${index}`, key]));
    for (const sub of Object.values(schemaMap)) ajv.addSchema(sub);
    code = standaloneCode(ajv, exportNames);
  } catch (error) {
    throw new FormCompileError(file, locateSchemaProblem(schema), error instanceof Error ? error.message : String(error));
  }
  if (warnings.length > 0) throw new FormCompileError(file, locateSchemaProblem(schema), [...new Set(warnings)].join('; '));

  for (const [required, replacement] of Object.entries(RUNTIME_REQUIRES)) code = code.split(required).join(replacement);
  const leftover = /require\("([^"]+)"\)/.exec(code);
  if (leftover) {
    throw new FormCompileError(file, '/schema', `uses "${leftover[1]}", which the precompiled validator runtime does not provide`);
  }
  code = code.replace(/^"use strict";/, '');

  const rootKey = Object.entries(exportNames)[0];
  if (!rootKey) throw new FormCompileError(file, '/schema', 'produced no validator');
  const entries = Object.entries(exportNames).map(([name, key]) => `  ${JSON.stringify(key)}: ${name},`);
  return [
    `// Generated by scripts/compile-form-validators.ts from ${path.basename(file)}. Do not edit; edit the form file.`,
    `import * as __runtime from ${JSON.stringify(runtimeImport)};`,
    `export const form = ${JSON.stringify(form, null, 2)};`,
    code.trim(),
    `export const validateFns = {`,
    ...entries,
    `};`,
    `export const validate = ${rootKey[0]};`,
    '',
  ].join('\n');
}
