import { Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigContext, useForm } from './context.ts';
import { config, formIds, loadForm } from './index.ts';
import type { FormId } from './registry.ts';
import type { ConfigSet } from './types.ts';

function SubmitLabel({ id }: { id: FormId }) {
  return <p>Submit label: {useForm(id).submitLabel}</p>;
}

function renderForm(id: FormId, set: ConfigSet = config) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <ConfigContext.Provider value={set}>
        <Suspense fallback={<p>Loading form</p>}>{children}</Suspense>
      </ConfigContext.Provider>
    </QueryClientProvider>
  );
  return render(<SubmitLabel id={id} />, { wrapper });
}

describe('form files load with their form', () => {
  it('loads a form file by id, the same promise each time, and useForm gives it once loaded', async () => {
    const login = loadForm('login');
    expect(loadForm('login')).toBe(login);
    expect((await login).submitLabel).toBe('Login');
    renderForm('forget-password');
    expect(screen.getByText('Loading form')).toBeInTheDocument();
    expect(await screen.findByText('Submit label: Submit')).toBeInTheDocument();
  });

  it('takes a config set’s own form (an edited copy) without loading', async () => {
    const edited = { ...(await loadForm('login')), submitLabel: 'Sign in' };
    renderForm('login', { ...config, forms: { login: edited } });
    expect(screen.getByText('Submit label: Sign in')).toBeInTheDocument();
  });

  it('knows every form file, and names the file a missing form would be', async () => {
    expect(formIds()).toEqual(expect.arrayContaining(['login', 'forget-password', 'create-user', 'edit-user']));
    await expect(loadForm('no-such-form')).rejects.toThrow('add schemas/forms/no-such-form.json');
  });
});
