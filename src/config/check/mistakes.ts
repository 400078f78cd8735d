// Mistakes a file's meta-schema cannot see: a menu entry listed twice, and a form message (ajv-errors errorMessage)
// no rule of its field ever raises, so staff would never read it.
import { schemaChildren } from '../form-fields.ts';
import type { Menu, MenuItem } from '../types.ts';
import { pointer } from './problems.ts';
import type { Problem } from './problems.ts';

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
