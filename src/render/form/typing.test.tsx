import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { typedTextHandedOn } from '../test-utils';
import { ruleContext } from '../../config/rules';
import { SchemaForm } from './SchemaForm';
import type { SchemaFormProps } from './schema-form-props';
import { compileTestForm, removeTestForms } from './test-forms';
import { countries, createUserForm, validUser } from './fixtures';

beforeAll(async () => {
  await compileTestForm(createUserForm);
  await import('./SchemaFormEngine');
});
afterAll(removeTestForms);

const walletAdmin = ruleContext({ role: 4, tenant: 'teller', tenantType: 'wallet', newRecord: true });

function Form(props: Partial<SchemaFormProps> & Pick<SchemaFormProps, 'onSubmit'>) {
  return (
    <MantineProvider env="test">
      <SchemaForm formId="test-create-user" context={walletAdmin} lists={{ listCountries: countries }} {...props} />
    </MantineProvider>
  );
}

function renderForm(props: Partial<SchemaFormProps> = {}) {
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  const result = render(<Form onSubmit={onSubmit} onChange={onChange} formData={{ ...validUser, firstname: undefined }} {...props} />);
  return { onSubmit, onChange, ...result };
}

/** What the form's onChange last reported for `field`. */
function lastReported(onChange: ReturnType<typeof vi.fn>, field: string): unknown {
  const data = onChange.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined;
  return data?.[field];
}

// Issue 27: a key is drawn from the field's own state; the form's state computation and validation run after the paint.
describe('typing into a SchemaForm text field (issue 27)', () => {
  it('draws the key at once and hands it to the form after the paint, not during the key', async () => {
    const { onChange } = renderForm();
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    onChange.mockClear();

    fireEvent.change(firstName, { target: { value: 'Awa' } });

    expect(firstName).toHaveValue('Awa');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(lastReported(onChange, 'firstname')).toBe('Awa'));
  });

  it('submits what was typed when Enter follows the last key before any paint', async () => {
    const { onSubmit } = renderForm();
    const firstName = await screen.findByRole('textbox', { name: /First name/ });

    // What the browser does in one task on Enter: the key, then the form's implicit submission.
    fireEvent.change(firstName, { target: { value: 'Awa' } });
    fireEvent.keyDown(firstName, { key: 'Enter' });
    fireEvent.submit(firstName.closest('form') as HTMLFormElement);

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ ...validUser, firstname: 'Awa' });
  });

  it('hands what was typed to the form at once when the field loses the focus', async () => {
    const { onChange } = renderForm();
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    firstName.focus();
    onChange.mockClear();

    fireEvent.change(firstName, { target: { value: 'Awa' } });
    fireEvent.blur(firstName);

    expect(lastReported(onChange, 'firstname')).toBe('Awa');
  });

  it('replaces what was typed with new initial data, and never hands the replaced text on', async () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    const { rerender } = render(<Form onSubmit={onSubmit} onChange={onChange} formData={{ ...validUser, firstname: 'Awa' }} />);
    const firstName = await screen.findByRole('textbox', { name: /First name/ });

    fireEvent.change(firstName, { target: { value: 'Awab' } });
    rerender(<Form onSubmit={onSubmit} onChange={onChange} formData={{ ...validUser, firstname: 'Fatou' }} />);

    await waitFor(() => expect(firstName).toHaveValue('Fatou'));
    // Past the paint the typed text would have been handed on.
    await typedTextHandedOn();
    expect(firstName).toHaveValue('Fatou');
    expect(onChange.mock.calls.map(([data]) => (data as Record<string, unknown>).firstname)).not.toContain('Awab');
  });

  it('keeps the text as typed while the form holds its number (a typed "12." stays on screen)', async () => {
    const numberForm = {
      id: 'test-typed-number',
      submitLabel: 'Save',
      schema: { type: 'object', properties: { amount: { type: 'number', title: 'Amount' } } },
    };
    await compileTestForm(numberForm);
    const onChange = vi.fn();
    render(
      <MantineProvider env="test">
        <SchemaForm formId="test-typed-number" onSubmit={() => {}} onChange={onChange} />
      </MantineProvider>,
    );
    const amount = await screen.findByRole('textbox', { name: /Amount/ });

    fireEvent.change(amount, { target: { value: '12.' } });
    await waitFor(() => expect(lastReported(onChange, 'amount')).toBe(12));

    expect(amount).toHaveValue('12.');
  });
});
