// The profile read-only, labelled and ordered as the edit-user form file says (titles, ui:order, visible rules), so
// a renamed field reads the same in both modes.
import { Table } from '@mantine/core';
import { evaluateRule, type RuleContext } from '../../../config/rules';
import type { FormConfig } from '../../../config/types';
import type { FormValues } from '../../../render/form';

export interface ProfileFactsProps {
  form: FormConfig;
  values: FormValues;
  context: RuleContext;
  /** How a field's value reads, e.g. a group id as the group's name. */
  display?: Partial<Record<string, (value: unknown) => string>>;
  caption?: string;
}

function fieldOrder(form: FormConfig): string[] {
  const properties = Object.keys((form.schema.properties as Record<string, unknown> | undefined) ?? {});
  const order = form.uiSchema['ui:order'];
  if (!Array.isArray(order)) return properties;
  const listed = order.map(String).filter((field) => field !== '*' && properties.includes(field));
  return [...listed, ...properties.filter((field) => !listed.includes(field))];
}

function titleOf(form: FormConfig, field: string): string {
  const property = (form.schema.properties as Record<string, { title?: unknown }> | undefined)?.[field];
  return typeof property?.title === 'string' ? property.title : field;
}

export function ProfileFacts({ form, values, context, display = {}, caption }: ProfileFactsProps) {
  const fields = fieldOrder(form).filter((field) => evaluateRule(form.rules?.[field]?.visible, context));
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Tbody>
        {fields.map((field) => {
          const value = values[field];
          const shown = value === undefined || value === null || value === '' ? '' : (display[field]?.(value) ?? String(value));
          return (
            <Table.Tr key={field}>
              <Table.Th w={180} scope="row">
                {titleOf(form, field)}
              </Table.Th>
              <Table.Td>{shown}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
