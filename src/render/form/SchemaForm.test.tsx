import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { typedTextHandedOn } from '../test-utils';
import userEvent from '@testing-library/user-event';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { ruleContext } from '../../config/rules';
import { loadCompiledForm } from './compiled-forms';
import { validateFormValues } from './form-errors';
import { validatorFor } from './precompiled-validator';
import { SchemaForm } from './SchemaForm';
import type { SchemaFormProps } from './schema-form-props';
import { compileTestForm, removeTestForms } from './test-forms';
import { countries, createUserForm, validUser } from './fixtures';

// Shaped like schemas/forms/login.json (users-and-wallets §5: the button is enabled only with both fields).
const loginForm = {
  id: 'test-login',
  submitLabel: 'Login',
  disableSubmitUntilValid: true,
  schema: {
    type: 'object',
    required: ['username', 'password'],
    properties: { username: { type: 'string', title: 'Email', minLength: 1 }, password: { type: 'string', title: 'Password', minLength: 1 } },
  },
  uiSchema: { username: { 'ui:options': { inputType: 'email' } }, password: { 'ui:widget': 'password' } },
};

beforeAll(async () => {
  await compileTestForm(createUserForm);
  await compileTestForm(loginForm);
  // The engine is a lazy chunk; loading it once here keeps each test's first query within its timeout.
  await import('./SchemaFormEngine');
});
afterAll(removeTestForms);

const walletAdmin = ruleContext({ role: 4, tenant: 'teller', tenantType: 'wallet', newRecord: true });

function renderForm(props: Partial<SchemaFormProps> = {}) {
  const onSubmit = vi.fn();
  const result = render(
    <MantineProvider env="test">
      <SchemaForm formId="test-create-user" context={walletAdmin} lists={{ listCountries: countries }} onSubmit={onSubmit} {...props} />
    </MantineProvider>,
  );
  return { onSubmit, ...result };
}

async function submit() {
  await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
}

describe('SchemaForm', () => {
  it('renders every field of the form file with a label linked to its input (RJSF on Mantine 9)', async () => {
    renderForm();
    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveAttribute('id', 'test-create-user_firstname');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('radiogroup', { name: /Gender/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Female' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Birth date/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Nationality/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Remarks/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Send a welcome email' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toBeInTheDocument();
  });

  it('[UW-5.12] shows the schema message under the field and does not submit while invalid', async () => {
    const { onSubmit } = renderForm({ formData: { ...validUser, firstname: 'Fatou1' } });
    await submit();
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    const message = screen.getByText('first name is not in correct format');
    expect(firstName.getAttribute('aria-describedby')).toContain(message.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('[UW-5.13] [UW-5.27] shows required and length messages from errorMessage, each under its own field', async () => {
    renderForm({ formData: { firstname: 'Abcdefghijklmnopq' } });
    await submit();
    expect(await screen.findByText('first name is too long 16 character is required!')).toBeInTheDocument();
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    expect(nationality).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(nationality.getAttribute('aria-describedby') ?? '')).toHaveTextContent('Please select nationality');
    expect(screen.getByText('Please select a role')).toBeInTheDocument();
    expect(screen.getByText('Invalid Mobile Number')).toBeInTheDocument();
  });

  it('[UW-5.22] rejects a birth date later than today minus 16 years', async () => {
    const { onSubmit } = renderForm({ formData: { ...validUser, birthdate: `${new Date().getFullYear() - 1}-01-01` } });
    await submit();
    expect(await screen.findByText('Invalid birth of date.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid data, typed by the user', async () => {
    const { onSubmit } = renderForm({ formData: { ...validUser, firstname: undefined } });
    await userEvent.type(await screen.findByRole('textbox', { name: /First name/ }), 'Awa');
    await userEvent.type(screen.getByRole('textbox', { name: /Remarks/ }), 'Walk-in');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send a welcome email' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ ...validUser, firstname: 'Awa', remarks: 'Walk-in', agree: true });
  });

  it('validates live after the first submit, not before', async () => {
    renderForm({ formData: { ...validUser, firstname: undefined } });
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    await userEvent.type(firstName, 'A1');
    await typedTextHandedOn();
    expect(screen.queryByText('first name is not in correct format')).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByText('first name is not in correct format')).toBeInTheDocument();
    await userEvent.type(firstName, '{Backspace}');
    await waitFor(() => expect(screen.queryByText('first name is not in correct format')).not.toBeInTheDocument());
    expect(firstName).not.toHaveAttribute('aria-invalid');
  });

  it('validates with the precompiled module: no new Function and no eval (CSP without unsafe-eval)', async () => {
    const RealFunction = globalThis.Function;
    const callers: string[] = [];
    const functionSpy = vi.spyOn(globalThis, 'Function').mockImplementation(function spy(...args: string[]) {
      callers.push(new Error().stack?.split('\n')[3] ?? '');
      return RealFunction(...args);
    } as unknown as FunctionConstructor);
    const evalSpy = vi.spyOn(globalThis, 'eval');
    // jsdom compiles CSS selectors with Function for its own querySelector; only other callers count.
    const appCallers = () => callers.filter((caller) => !caller.includes('nwsapi'));
    try {
      // The spy sees a runtime compile: this is what the precompiled validators avoid.
      new Ajv().compile({ type: 'string' });
      expect(appCallers().length).toBeGreaterThan(0);
      callers.length = 0;

      const module = await loadCompiledForm('test-create-user');
      const result = validatorFor(module).validateFormData({ ...validUser, firstname: 'Fatou1' }, module.form.schema as RJSFSchema);
      expect(result.errors.map((error) => error.message)).toContain('first name is not in correct format');
      expect(validateFormValues(module, { ...validUser, phone: '12' }, walletAdmin)).toEqual({ phone: 'Invalid Mobile Number' });

      const { onSubmit } = renderForm({ formData: { ...validUser, firstname: 'Fatou1' } });
      await submit();
      expect(await screen.findByText('first name is not in correct format')).toBeInTheDocument();
      await userEvent.clear(screen.getByRole('textbox', { name: /First name/ }));
      await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Fatou');
      await submit();
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(appCallers()).toEqual([]);
      expect(evalSpy).not.toHaveBeenCalled();
    } finally {
      functionSpy.mockRestore();
      evalSpy.mockRestore();
    }
  });

  it('shows server messages (extraErrors) under their fields', async () => {
    renderForm({ formData: validUser, extraErrors: { email: 'Email already registered' } });
    const email = await screen.findByLabelText(/^Email/);
    expect(await screen.findByText('Email already registered')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes select options from a list operation named by ui:options.optionsFrom', async () => {
    const { onSubmit } = renderForm({ formData: { ...validUser, nationality: undefined } });
    await userEvent.click(await screen.findByRole('combobox', { name: /Nationality/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Emirati' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ nationality: 'ae' });
  });

  describe('rules', () => {
    it('hides a field whose visible rule fails: not shown, not validated, not submitted', async () => {
      const payin = ruleContext({ role: 4, tenant: 'amal', tenantType: 'payin', newRecord: true });
      const { onSubmit } = renderForm({ context: payin, formData: { ...validUser, group: 'left over' } });
      await screen.findByRole('textbox', { name: /First name/ });
      expect(screen.queryByRole('textbox', { name: /Credit Union/ })).not.toBeInTheDocument();
      await submit();
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('group');
    });

    it('[UW-5.10] [UW-5.55] requires a field when its required rule holds (group only for naccug)', async () => {
      const naccug = ruleContext({ role: 4, tenant: 'naccug', tenantType: 'wallet', newRecord: true });
      const { onSubmit } = renderForm({ context: naccug, formData: validUser });
      await submit();
      expect(await screen.findByText('Please select a Credit Union')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('disables a field when its disabled rule holds (group editable only for a new user)', async () => {
      renderForm({ context: ruleContext({ role: 4, tenant: 'teller', tenantType: 'wallet', newRecord: false }), formData: validUser });
      expect(await screen.findByRole('textbox', { name: /Credit Union/ })).toBeDisabled();
    });

    it('offers an option only when its rule holds', async () => {
      renderForm({ context: ruleContext({ role: 16, tenant: 'teller', tenantType: 'wallet', newRecord: true }) });
      await userEvent.click(await screen.findByRole('combobox', { name: /Role/ }));
      const listbox = await screen.findByRole('listbox');
      expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Group admin', 'Field officer']);
    });
  });

  it('disables everything and shows the submit button busy when asked', async () => {
    renderForm({ disabled: true, formData: validUser });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('SchemaForm details', () => {
  it('[UW-5.01] keeps submit disabled until the form is valid when the form file asks for it', async () => {
    const { onSubmit } = renderForm({ formId: 'test-login' });
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'super@demo.test');
    expect(login).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Password/), 'Demo@12345');
    // The form hears of a key after its paint (widgets/typed-text.ts).
    await waitFor(() => expect(login).toBeEnabled());
    await userEvent.click(login);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'super@demo.test', password: 'Demo@12345' }, expect.objectContaining({ id: 'test-login' }));
  });

  it('keeps typed values when the parent re-renders with equal initial values, and resets on new ones', async () => {
    function Parent({ formData, label }: { formData: Record<string, unknown>; label: string }) {
      return (
        <MantineProvider env="test">
          <p>{label}</p>
          <SchemaForm formId="test-login" formData={{ ...formData }} onSubmit={() => {}} />
        </MantineProvider>
      );
    }
    const { rerender } = render(<Parent formData={{ username: 'a@demo.test' }} label="one" />);
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await userEvent.type(email, 'x');
    rerender(<Parent formData={{ username: 'a@demo.test' }} label="two" />);
    expect(email).toHaveValue('a@demo.testx');
    rerender(<Parent formData={{ username: 'b@demo.test' }} label="three" />);
    await waitFor(() => expect(email).toHaveValue('b@demo.test'));
  });

  it('[UW-5.23] takes a typed YYYY-MM-DD date', async () => {
    const onChange = vi.fn();
    renderForm({ formData: { ...validUser, birthdate: undefined }, onChange });
    const birthDate = await screen.findByRole('textbox', { name: /Birth date/ });
    await userEvent.type(birthDate, '1990-04-12');
    await userEvent.tab();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ birthdate: '1990-04-12' })));
    expect(birthDate).toHaveValue('1990-04-12');
  });
});

describe('PhoneWidget', () => {
  it('[UW-9.07] defaults to the Gambia, dial code 220, and stores digits with the dial code', async () => {
    const onChange = vi.fn();
    renderForm({ formData: { ...validUser, phone: undefined }, onChange });
    const country = await screen.findByRole('combobox', { name: /Phone country code/ });
    expect(country).toHaveValue('gm');
    expect(country).toHaveDisplayValue('GM +220');
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), '7012345');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ phone: '2207012345' })));
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('701 2345');
  });

  it('[UW-9.08] offers gm and ae, each with its own mask', async () => {
    const onChange = vi.fn();
    renderForm({ formData: { ...validUser, phone: '971501234567' }, onChange });
    const country = await screen.findByRole('combobox', { name: /Phone country code/ });
    expect(country).toHaveValue('ae');
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['GM +220', 'AE +971']);
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('50 123 4567');
    await userEvent.selectOptions(country, 'gm');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ phone: '220501234567' })));
  });
});
