import { describe, expect, it } from 'vitest';
import { formIds, getForm, loadForm } from './index.ts';

describe('form files load with their form', () => {
  it('loads a form file by id, the same promise each time, and getForm then has it', async () => {
    const login = loadForm('login');
    expect(loadForm('login')).toBe(login);
    expect((await login).submitLabel).toBe('Login');
    expect(getForm('login')).toBe(await login);
  });

  it('knows every form file, and names the file a missing form would be', async () => {
    expect(formIds()).toEqual(expect.arrayContaining(['login', 'forget-password', 'create-user', 'edit-user']));
    await expect(loadForm('no-such-form')).rejects.toThrow('add schemas/forms/no-such-form.json');
  });
});
