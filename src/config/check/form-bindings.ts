// A form bound to an operation (its `submit`) against that operation's request body in the contract: a field the
// body does not accept, a required attribute the form does not send or leaves optional, a type or format that
// disagrees. The body the app sends is built from the binding alone (src/render/form/request-body.ts).
import { FORM_FORMATS, formFields, requiredFields, type FormField } from '../form-fields.ts';
import type { FormConfig, SubmitBinding } from '../types.ts';
import { declaredTypes, type Contract, type JsonTypes, type RequestBody } from './contract.ts';
import { listOf, pointer } from './problems.ts';
import type { Problem } from './problems.ts';

/** The bindings of a form with the pointer of each, e.g. [['/submit/1', {operationId: 'createEndUser'}]]. */
export function bindingsOf(form: Pick<FormConfig, 'submit'>): [string, SubmitBinding][] {
  const { submit } = form;
  if (Array.isArray(submit)) return submit.map((binding, index) => [pointer('/submit', index), binding]);
  return 'operationId' in submit ? [['/submit', submit]] : [];
}

/** The request attribute `binding` sends field `name` as: its own name unless submit.attributes maps it; null when it is not sent. */
export function attributeOf(binding: SubmitBinding, name: string): string | null {
  const mapping = binding.attributes ?? {};
  return name in mapping ? (mapping[name] ?? null) : name;
}

/** 'integer' fits where the contract says 'number'. */
function fits(form: Set<string>, contract: Set<string>): boolean {
  return [...form].every((type) => contract.has(type) || (type === 'integer' && contract.has('number')));
}

function fieldTypes(field: FormField): JsonTypes {
  const said = field.declarations.map(declaredTypes).filter((types): types is Set<string> => types !== undefined);
  return said.length === 0 ? undefined : new Set(said.flatMap((types) => [...types]));
}

function fieldFormat(field: FormField): string | undefined {
  return field.declarations.map((declaration) => declaration.format).find((format): format is string => typeof format === 'string');
}

function typeList(types: Set<string>): string {
  return [...types].sort().join(' or ');
}

interface BindingInput {
  file: string;
  at: string;
  binding: SubmitBinding;
  body: RequestBody;
  fields: Map<string, FormField>;
  required: Set<string>;
  contract: Contract;
}

function bindingProblems({ file, at, binding, body, fields, required, contract }: BindingInput): Problem[] {
  const problems: Problem[] = [];
  // Filled in by checkFormBindings, once for every binding that makes the same mistake.
  const operation = OPERATION;
  const accepted = [...body.attributes.keys()];
  const mapping = binding.attributes ?? {};
  const supplied = binding.supplied ?? [];

  for (const name of Object.keys(mapping)) {
    if (!fields.has(name)) {
      problems.push({
        file,
        pointer: pointer(at, 'attributes', name),
        message: `maps field '${name}', which the form's schema lacks`,
        fix: `use ${listOf([...fields.keys()], 20)}`,
      });
    }
  }
  supplied.forEach((name, index) => {
    if (body.closed && !body.attributes.has(name)) {
      problems.push({
        file,
        pointer: pointer(at, 'supplied', index),
        message: `the body of ${operation} has no attribute '${name}'`,
        fix: `use ${listOf(accepted, 20)}`,
      });
    }
  });

  const sent = new Map<string, FormField>();
  for (const field of fields.values()) {
    if (field.declarations.length === 0) continue;
    const attribute = attributeOf(binding, field.name);
    if (attribute === null) continue;
    sent.set(attribute, field);
    const schemas = body.attributes.get(attribute);
    if (!schemas) {
      if (body.closed) {
        const renamed = attribute === field.name ? '' : ` (as '${attribute}')`;
        problems.push({
          file,
          pointer: field.pointer,
          message: `field '${field.name}'${renamed} is not an attribute of the body of ${operation}`,
          fix: `use ${listOf(accepted, 20)}, map it with submit.attributes.${field.name}, or set that to null when the field is not sent`,
        });
      }
      continue;
    }
    const formTypes = fieldTypes(field);
    const contractTypes = contract.types(schemas);
    if (formTypes && contractTypes && !fits(formTypes, contractTypes)) {
      problems.push({
        file,
        pointer: pointer(field.pointer, 'type'),
        message: `field '${field.name}' is ${typeList(formTypes)}, but '${attribute}' is ${typeList(contractTypes)} in the body of ${operation}`,
        fix: `make it "type": "${[...contractTypes].sort()[0] ?? 'string'}" as openapi/gateway.yaml says`,
      });
    }
    const wanted = contract.format(schemas);
    const format = fieldFormat(field);
    // A format the form validators cannot check (uri-reference) is the gateway's to refuse.
    const checkable = (FORM_FORMATS as readonly string[]).includes(wanted ?? '');
    if (wanted && format !== wanted && (format !== undefined || checkable)) {
      problems.push({
        file,
        pointer: pointer(field.pointer, 'format'),
        message: `field '${field.name}' ${format ? `has format '${format}'` : 'has no format'}, but '${attribute}' has format '${wanted}' in the body of ${operation}`,
        fix: `set "format": "${wanted}"`,
      });
    }
  }

  for (const attribute of [...body.required].sort()) {
    if (supplied.includes(attribute)) continue;
    const field = sent.get(attribute);
    if (!field) {
      problems.push({
        file,
        pointer: '/schema/properties',
        message: `sends no '${attribute}', which the body of ${operation} requires`,
        fix: `add a field '${attribute}' (and list it in schema.required), map a field onto it in submit.attributes, or name it in submit.supplied when the screen adds it`,
      });
    } else if (!required.has(field.name)) {
      problems.push({
        file,
        pointer: '/schema/required',
        message: `leaves '${field.name}' optional, but the body of ${operation} requires '${attribute}'`,
        fix: `add '${field.name}' to schema.required, with its message in schema.errorMessage.required`,
      });
    }
  }
  return problems;
}

const OPERATION = '{operation}';

/** 'createAdmin', or 'createAdmin and createEndUser'. */
export function operationNames(operations: readonly string[]): string {
  return operations.length === 1 ? (operations[0] ?? '') : `${operations.slice(0, -1).join(', ')} and ${operations[operations.length - 1] ?? ''}`;
}

/** One problem per place and mistake, naming every operation whose binding makes it ('createAdmin and createEndUser'). */
function merged(found: { operation: string; problem: Problem }[]): Problem[] {
  const byKey = new Map<string, { operations: string[]; problem: Problem }>();
  for (const { operation, problem } of found) {
    const key = `${problem.pointer}|${problem.message}|${problem.fix}`;
    const entry = byKey.get(key);
    if (entry) entry.operations.push(operation);
    else byKey.set(key, { operations: [operation], problem });
  }
  return [...byKey.values()].map(({ operations, problem }) => {
    const fill = (text: string) => text.split(OPERATION).join(operationNames(operations));
    return { ...problem, message: fill(problem.message), fix: fill(problem.fix) };
  });
}

/** Every problem of one form's bindings; `formFile` is the file's path, e.g. schemas/forms/create-user.json. */
export function checkFormBindings(formFile: string, form: FormConfig, contract: Contract): Problem[] {
  const fields = formFields(form.schema);
  const required = requiredFields(form);
  const found = bindingsOf(form).flatMap(([at, binding]) => {
    const operation = binding.operationId;
    if (!contract.operations.has(operation)) return [];
    const body = contract.requestBody(operation);
    if (!body) {
      const problem = {
        file: formFile,
        pointer: pointer(at, 'operationId'),
        message: `${operation} takes no request body`,
        fix: 'name the operation the form submits, or write "submit": { "none": "<why>" }',
      };
      return [{ operation, problem }];
    }
    return bindingProblems({ file: formFile, at, binding, body, fields, required, contract }).map((problem) => ({ operation, problem }));
  });
  return merged(found);
}
