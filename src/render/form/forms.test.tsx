// Every form file in schemas/forms renders with this theme: each visible field gets a labelled control, and
// submitting it empty shows messages instead of submitting (no form may depend on a widget we do not have).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegisteredFormId } from '../../config/registry';
import { ruleContext } from '../../config/rules';
import type { FormConfig } from '../../config/types';
import { hiddenFields } from './form-errors';
import { SchemaForm } from './SchemaForm';
import { compileTestForm, removeTestForms } from './test-forms';

const formsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/forms');
const files = readdirSync(formsDir).filter((name) => name.endsWith('.json'));
// check:config wants every form file the registry lists, and the registry lists each the screens draw.
const forms = files.map((name) => JSON.parse(readFileSync(path.join(formsDir, name), 'utf8')) as {
  id: RegisteredFormId;
  submitLabel?: string;
  schema: { properties: Record<string, { title?: string }>; required?: string[] };
  uiSchema: Record<string, { 'ui:widget'?: string } | unknown>;
});

beforeAll(async () => {
  for (const form of forms) await compileTestForm(form);
  await import('./SchemaFormEngine');
});
afterAll(removeTestForms);

const context = ruleContext({ role: 4, tenant: 'teller', tenantType: 'wallet', isMainTenant: true, newRecord: true, openedFrom: 'users' });

describe.each(forms.map((form) => [form.id, form] as const))('form %s', (_id, form) => {
  it('renders a labelled control for every field and does not submit empty required fields', async () => {
    const onSubmit = vi.fn();
    render(
      <MantineProvider env="test">
        <SchemaForm formId={form.id} context={context} onSubmit={onSubmit} />
      </MantineProvider>,
    );
    const submit = await screen.findByRole('button', { name: form.submitLabel ?? 'Submit' });
    const hidden = hiddenFields(form as unknown as FormConfig, context);
    for (const [name, property] of Object.entries(form.schema.properties)) {
      const ui = form.uiSchema[name] as { 'ui:widget'?: string } | undefined;
      if (ui?.['ui:widget'] === 'hidden' || hidden.includes(name)) continue;
      const label = property.title ?? name;
      expect(screen.queryAllByLabelText(label, { exact: false }).length, `${form.id}: ${name} has no control labelled ${label}`).toBeGreaterThan(0);
    }
    // A required field with a default starts filled, so only the others start empty.
    const startEmpty = (form.schema.required ?? []).filter((name) => (form.schema.properties[name] as { default?: unknown } | undefined)?.default === undefined);
    if (startEmpty.length > 0 && !submit.hasAttribute('disabled')) {
      await userEvent.click(submit);
      await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
      expect(onSubmit).not.toHaveBeenCalled();
    }
  });
});
