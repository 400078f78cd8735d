// Mistakes a file's meta-schema cannot see: a menu entry listed twice, and a form message (ajv-errors errorMessage)
// no rule of its field ever raises, so staff would never read it.
import { schemaChildren } from '../form-fields.ts';
import { isJson, type Json } from '../json.ts';
import type { Menu, MenuItem } from '../types.ts';
import { pointer } from './problems.ts';
import type { Problem } from './problems.ts';

/** Within a menu group, a route listed twice (children included), or two items of one list with the same label. */
export function menuDuplicates(file: string, menu: Menu): Problem[] {
  const problems: Problem[] = [];
  for (const [group, items] of Object.entries(menu.groups)) {
    const routes = new Map<string, string>();
    const walk = (list: readonly MenuItem[], at: string) => {
      const labels = new Map<string, string>();
      list.forEach((item, index) => {
        const here = pointer(at, index);
        const label = labels.get(item.label);
        if (label !== undefined && item.route === undefined) {
          problems.push({ file, pointer: pointer(here, 'label'), message: `'${item.label}' is listed twice in this menu (also at ${label})`, fix: 'keep one of them' });
        } else labels.set(item.label, here);
        if (item.route !== undefined) {
          const first = routes.get(item.route.toLowerCase());
          if (first !== undefined) {
            problems.push({ file, pointer: pointer(here, 'route'), message: `'${item.route}' is listed twice in group '${group}' (also at ${first})`, fix: 'keep one of them' });
          } else routes.set(item.route.toLowerCase(), here);
        }
        if (item.children) walk(item.children, pointer(here, 'children'));
      });
    };
    if (items) walk(items, pointer('/groups', group));
  }
  return problems;
}

/** errorMessage keys that are not validation keywords but say where the messages go (ajv-errors). */
const PLACES = new Set(['properties', 'items', 'required', 'dependencies', '_']);

/**
 * Every errorMessage entry of a form schema that no rule raises: a keyword its schema object lacks (maxlength for
 * maxLength), a required message for a field neither required there nor by `rules.<field>.required` (root only), a
 * property message for a property the object does not have. `ruleRequired` are the fields form rules may require.
 */
export function unusedMessages(file: string, schema: unknown, ruleRequired: ReadonlySet<string>, at = '/schema', root = true): Problem[] {
  if (!isJson(schema)) return [];
  const problems: Problem[] = [];
  const messages = schema.errorMessage;
  if (isJson(messages)) {
    const keywords = Object.keys(schema).filter((key) => key !== 'errorMessage' && key !== 'title' && key !== 'description' && key !== '$comment');
    for (const [key, value] of Object.entries(messages)) {
      const here = pointer(at, 'errorMessage', key);
      if (key === 'required' && isJson(value)) {
        const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
        for (const name of Object.keys(value)) {
          if (!required.includes(name) && !(root && ruleRequired.has(name))) {
            problems.push({
              file,
              pointer: pointer(here, name),
              message: `'${name}' is not required here, so this message is never shown`,
              fix: `add '${name}' to ${at}/required, or remove the message`,
            });
          }
        }
      } else if (key === 'properties' && isJson(value)) {
        const properties = isJson(schema.properties) ? Object.keys(schema.properties) : [];
        for (const name of Object.keys(value)) {
          if (!properties.includes(name)) {
            problems.push({ file, pointer: pointer(here, name), message: `there is no property '${name}' here, so this message is never shown`, fix: `use ${properties.map((p) => `'${p}'`).join(', ') || 'a property of this object'}` });
          }
        }
      } else if (!PLACES.has(key) && !keywords.includes(key)) {
        const similar = keywords.find((keyword) => keyword.toLowerCase() === key.toLowerCase());
        problems.push({
          file,
          pointer: here,
          message: `no rule '${key}' is on this field, so this message is never shown`,
          fix: similar ? `write '${similar}' (keywords are case-sensitive)` : `use a keyword the field has (${keywords.map((keyword) => `'${keyword}'`).join(', ') || 'none'}), or remove the message`,
        });
      }
    }
  }
  for (const [child, where] of schemaChildren(schema, at)) problems.push(...unusedMessages(file, child, ruleRequired, where, false));
  return problems;
}

/** Keys whose text a person reads: titles, labels, headers, button texts, messages, hints. */
const READ_TEXTS = new Set(['title', 'label', 'header', 'submitLabel', 'message', 'groupLabel', 'memberIdLabel', 'ui:title', 'ui:placeholder', 'ui:help', 'ui:description']);
/** Keys holding texts a person reads at every depth below them: ajv-errors' messages, a tenant's label overrides. */
const READ_TEXT_TREES = new Set(['errorMessage', 'labels']);

const BLANK: Omit<Problem, 'file' | 'pointer'> = {
  message: 'is empty: staff would read nothing here',
  fix: 'write the text staff should read, or remove the entry',
};

function blankStrings(file: string, json: unknown, at: string): Problem[] {
  if (typeof json === 'string') return json.trim() === '' ? [{ file, pointer: at, ...BLANK }] : [];
  if (Array.isArray(json)) return json.flatMap((item, index) => blankStrings(file, item, pointer(at, index)));
  return isJson(json) ? Object.entries(json).flatMap(([key, value]) => blankStrings(file, value, pointer(at, key))) : [];
}

/**
 * Every empty or blank text a person would read, anywhere in a config file (issue 24: "a message is something a
 * person reads"): a title, label, header, button text or hint, and any message under errorMessage or a tenant's
 * labels. The meta-schemas refuse some fields' blank texts; this finds them wherever such a key is.
 */
export function blankTexts(file: string, json: unknown, at = ''): Problem[] {
  if (Array.isArray(json)) return json.flatMap((item, index) => blankTexts(file, item, pointer(at, index)));
  if (!isJson(json)) return [];
  return Object.entries(json).flatMap(([key, value]) => {
    const here = pointer(at, key);
    if (key === '$comment') return [];
    if (READ_TEXT_TREES.has(key)) return blankStrings(file, value, here);
    if (READ_TEXTS.has(key) && typeof value === 'string') return blankStrings(file, value, here);
    return blankTexts(file, value, here);
  });
}

interface RequiredMessageInput {
  schema: unknown;
  uiSchema?: unknown;
  disableSubmitUntilValid?: boolean;
}

/**
 * Every field a form requires that has no message of its own for being left empty (errorMessage.required.<field>
 * on the object that requires it, or one message for all of that object's errors): staff would read ajv's wording.
 * Not needed where staff cannot submit the form unfilled (disableSubmitUntilValid), for a field with a default, or
 * for a hidden one.
 */
export function requiredWithoutMessage(file: string, form: RequiredMessageInput): Problem[] {
  if (form.disableSubmitUntilValid) return [];
  const ui = isJson(form.uiSchema) ? form.uiSchema : {};
  const problems: Problem[] = [];
  const walk = (node: unknown, at: string) => {
    if (!isJson(node)) return;
    const message = node.errorMessage;
    const messages = isJson(message) ? message.required : undefined;
    const properties = isJson(node.properties) ? node.properties : {};
    for (const name of Array.isArray(node.required) ? node.required : []) {
      if (typeof name !== 'string') continue;
      const field = properties[name];
      const hidden = isJson(ui[name]) && (ui[name] as Json)['ui:widget'] === 'hidden';
      const covered = typeof message === 'string' || typeof messages === 'string' || (isJson(messages) && typeof messages[name] === 'string');
      if (covered || hidden || (isJson(field) && 'default' in field)) continue;
      problems.push({
        file,
        pointer: pointer(at, 'required'),
        message: `requires '${name}' with no message for leaving it empty`,
        fix: `add "errorMessage": { "required": { "${name}": "<what the person should do>" } } beside this required list`,
      });
    }
    // An `if`'s required list is a condition, not a rule.
    for (const [child, where] of schemaChildren(node, at)) if (child !== node && !where.endsWith('/if')) walk(child, where);
  };
  walk(form.schema, '/schema');
  return problems;
}
