import { Suspense, useState } from 'react';
import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleContext } from '../../config/rules';
import { compileTestForm, removeTestForms } from './test-forms';
import { useFormValidator } from './useFormValidator';

// Shaped like schemas/forms/forget-password.json (users-and-wallets §5: email required, 'Invalid Email').
const forgetPassword = {
  id: 'test-forget-password',
  schema: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', format: 'email', errorMessage: 'Invalid Email' } },
    errorMessage: { required: { email: 'Invalid Email' } },
  },
  uiSchema: {},
  rules: { email: { visible: { '!': { var: 'isAdminTenant' } } } },
};

beforeAll(async () => {
  await compileTestForm(forgetPassword);
});
afterAll(removeTestForms);

function ForgotPassword({ context }: { context?: Parameters<typeof useFormValidator>[1] }) {
  const validate = useFormValidator('test-forget-password', context);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const errors = validate({ email });
        setError(errors.email);
        setSent(Object.keys(errors).length === 0);
      }}
    >
      <TextInput label="Email" value={email} error={error} onChange={(event) => setEmail(event.currentTarget.value)} />
      <button type="submit">Submit</button>
      {sent && <p>sent</p>}
    </form>
  );
}

function renderScreen(context?: Parameters<typeof useFormValidator>[1]) {
  render(
    <MantineProvider env="test">
      <Suspense fallback={<p>Loading...</p>}>
        <ForgotPassword context={context} />
      </Suspense>
    </MantineProvider>,
  );
}

describe('useFormValidator (plain inputs, no RJSF)', () => {
  it('[UW-5.02] gives the schema message for an empty or invalid field, and nothing when valid', async () => {
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Invalid Email');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Invalid Email')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'group@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('sent')).toBeInTheDocument();
    expect(screen.queryByText('Invalid Email')).not.toBeInTheDocument();
  });

  it('applies the form rules when given a context', async () => {
    renderScreen(ruleContext({ isAdminTenant: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByText('sent')).toBeInTheDocument();
  });
});
