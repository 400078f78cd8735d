// A form field bound to a request attribute takes its limits (pattern, lengths, bounds, multipleOf) from the
// contract: the form compiler writes them into the field (withContractLimits), so a limit changes in
// openapi/gateway.yaml alone. A form states a limit only where it is stricter than the contract's, and the checker
// proves that it is (checkFormLimits), that no stated limit merely repeats the contract's, and that every limit a
// field carries has the form's own message. An enum is never written in (a select keeps the options it draws); a
// stated one must be among the contract's values.
import { formFields, type FormField } from '../form-fields.ts';
import { isJson, type Json } from '../json.ts';
import type { FormConfig } from '../types.ts';
import type { Contract, LimitKeyword, Limits } from './contract.ts';
import { attributeOf, bindingsOf, operationNames } from './form-bindings.ts';
import { listOf, pointer, type Problem } from './problems.ts';

/** Whether a larger value is stricter (a minimum), a smaller one (a maximum), or only the same value will do. */
const STRICTER: Record<Exclude<LimitKeyword, 'enum'>, 'larger' | 'smaller' | 'same'> = {
  minLength: 'larger',
  minimum: 'larger',
  exclusiveMinimum: 'larger',
  maxLength: 'smaller',
  maximum: 'smaller',
  exclusiveMaximum: 'smaller',
  pattern: 'same',
  multipleOf: 'same',
};

const WRITTEN_IN = Object.keys(STRICTER) as Exclude<LimitKeyword, 'enum'>[];

/**
 * The limits that hold for a field whichever of the form's operations it is sent to: a keyword every binding that
 * sends the field states, the loosest of their values (the screen picks the operation; the form serves them all).
 */
function commonLimits(all: Limits[]): Limits {
  const [first] = all;
  if (!first) return {};
  const limits: Limits = {};
  for (const keyword of [...WRITTEN_IN, 'enum'] as const) {
    const values = all.map((one) => one[keyword]);
    if (values.some((value) => value === undefined)) continue;
    if (keyword === 'enum') {
      limits.enum = [...new Set(values.flatMap((value) => (Array.isArray(value) ? value : [])))];
      continue;
    }
    const strictness = STRICTER[keyword];
    const numbers = values.filter((value): value is number => typeof value === 'number');
    if (strictness === 'same') {
      if (values.every((value) => JSON.stringify(value) === JSON.stringify(first[keyword]))) limits[keyword] = first[keyword];
    } else if (numbers.length === values.length) {
      limits[keyword] = strictness === 'larger' ? Math.min(...numbers) : Math.max(...numbers);
    }
  }
  return limits;
}

interface BoundField {
  field: FormField;
  operations: string[];
  limits: Limits;
}

/** Each field of the form that some binding sends to a request attribute, with the contract's limits on it. */
function boundFields(form: Pick<FormConfig, 'schema' | 'submit'>, contract: Contract): BoundField[] {
  const fields = formFields(form.schema);
  const found = new Map<string, { field: FormField; operations: string[]; limits: Limits[] }>();
  for (const [, binding] of bindingsOf(form)) {
    const body = contract.requestBody(binding.operationId);
    if (!body) continue;
    for (const field of fields.values()) {
      if (field.declarations.length === 0) continue;
      const attribute = attributeOf(binding, field.name);
      const schemas = attribute ? body.attributes.get(attribute) : undefined;
      if (!schemas) continue;
      const entry = found.get(field.name) ?? { field, operations: [], limits: [] };
      entry.operations.push(binding.operationId);
      entry.limits.push(contract.limits(schemas));
      found.set(field.name, entry);
    }
  }
  return [...found.values()].map(({ field, operations, limits }) => ({ field, operations, limits: commonLimits(limits) }));
}

/** The value a field states for `keyword`: its root declaration's, else a conditional branch's. */
function stated(field: FormField, keyword: LimitKeyword): unknown {
  return field.declarations.map((declaration) => declaration[keyword]).find((value) => value !== undefined);
}

/** The values a field allows by `enum` or by the consts of its `oneOf`/`anyOf` options; undefined when it does not list them. */
function listedValues(field: FormField): unknown[] | undefined {
  for (const declaration of field.declarations) {
    if (Array.isArray(declaration.enum)) return declaration.enum;
    const options = [declaration.oneOf, declaration.anyOf].find(Array.isArray);
    if (options?.every((option) => isJson(option) && 'const' in option)) return options.map((option) => (option as Json).const);
  }
  return undefined;
}

/** Whether the field has its own message for `keyword`: a message for every error, or one for that keyword. */
function hasMessage(field: FormField, keyword: string): boolean {
  return field.declarations.some((declaration) => {
    const message = declaration.errorMessage;
    return typeof message === 'string' || (isJson(message) && typeof message[keyword] === 'string');
  });
}

/** Writes the contract's limits into each bound field that does not state them. */
function writeLimits(bound: readonly BoundField[]): void {
  for (const { field, limits } of bound) {
    const [root] = field.declarations;
    if (!root) continue;
    for (const keyword of WRITTEN_IN) {
      if (limits[keyword] !== undefined && stated(field, keyword) === undefined) root[keyword] = limits[keyword];
    }
  }
}

type BoundForm = Pick<FormConfig, 'schema' | 'submit'>;

/** The form with the contract's limits written into each bound field that does not state them (the form compiler's input). */
export function withContractLimits<Form extends BoundForm>(form: Form, contract: Contract): Form {
  const copy = structuredClone(form);
  writeLimits(boundFields(copy, contract));
  return copy;
}

/**
 * Every problem of a form's limits against the contract (`file` is the form file's path), and the form with the
 * contract's limits written in, for the checks that judge the form as the compiler builds it; its bound fields are
 * found once for both.
 */
export function checkFormLimits<Form extends BoundForm>(file: string, form: Form, contract: Contract): { problems: Problem[]; limited: Form } {
  const limited = structuredClone(form);
  const bound = boundFields(limited, contract);
  // Judged as the file states them, before the contract's limits are written in.
  const problems = bound.flatMap((one) => limitProblems(file, one));
  writeLimits(bound);
  return { problems, limited };
}

function limitProblems(file: string, { field, operations, limits }: BoundField): Problem[] {
  const problems: Problem[] = [];
  const where = `in the body of ${operationNames(operations)}`;
  for (const keyword of WRITTEN_IN) {
    const theirs = limits[keyword];
    const ours = stated(field, keyword);
    if (theirs === undefined || ours === undefined) continue;
    const at = pointer(field.pointer, keyword);
    const strictness = STRICTER[keyword];
    const same = JSON.stringify(ours) === JSON.stringify(theirs);
    if (same) {
      problems.push({
        file,
        pointer: at,
        message: `field '${field.name}' repeats the contract's ${keyword} ${JSON.stringify(theirs)} ${where}`,
        fix: `leave "${keyword}" out: the form compiler takes it from openapi/gateway.yaml`,
      });
    } else if (strictness === 'same' || typeof ours !== 'number' || typeof theirs !== 'number' || (strictness === 'larger' ? ours < theirs : ours > theirs)) {
      problems.push({
        file,
        pointer: at,
        message: `field '${field.name}' has ${keyword} ${JSON.stringify(ours)}, which lets through what the contract's ${keyword} ${JSON.stringify(theirs)} refuses ${where}`,
        fix: `leave "${keyword}" out to take the contract's${strictness === 'same' ? '' : `, or make it ${strictness} than ${JSON.stringify(theirs)}`}`,
      });
    }
  }
  const allowed = limits.enum;
  const listed = listedValues(field);
  if (Array.isArray(allowed) && listed) {
    const extra = listed.filter((value) => !allowed.some((one) => JSON.stringify(one) === JSON.stringify(value)));
    if (extra.length > 0) {
      problems.push({
        file,
        pointer: field.pointer,
        message: `field '${field.name}' offers ${listOf(extra.map(String), 10)}, which the contract does not allow ${where}`,
        fix: `offer only ${listOf(allowed.map(String), 20)}`,
      });
    }
  }
  for (const keyword of WRITTEN_IN) {
    if ((limits[keyword] !== undefined || stated(field, keyword) !== undefined) && !hasMessage(field, keyword)) {
      problems.push({
        file,
        pointer: pointer(field.pointer, 'errorMessage'),
        message: `field '${field.name}' has no message for its ${keyword}${stated(field, keyword) === undefined ? ` (from the contract, ${where})` : ''}`,
        fix: `add "errorMessage": { "${keyword}": "<what the person should do>" } (or one message for every error)`,
      });
    }
  }
  return problems;
}

/** A parsed form file with the contract's limits written in (see withContractLimits); anything not shaped like a bound
 * form is returned as it is, for the form compiler to report. */
export function formFileWithContractLimits(formFile: unknown, contract: Contract | undefined): unknown {
  if (!contract || !isJson(formFile) || !isJson(formFile.schema) || !isJson(formFile.submit) && !Array.isArray(formFile.submit)) return formFile;
  return withContractLimits(formFile as unknown as BoundForm, contract);
}
