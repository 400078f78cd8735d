import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colorFor, config, loadForm, loadTenants, menuFor } from './index.ts';

describe('the bundled config (Vite globs)', () => {
  it('holds one tenant per file under tenants/, in id order', () => {
    const files = readdirSync('tenants').filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, ''));
    expect(loadTenants().map((tenant) => tenant.id)).toEqual([...files].sort());
  });

  it('resolves menus, forms, tables and colour maps from the files', async () => {
    const naccug = loadTenants().find((tenant) => tenant.id === 'naccug');
    expect(naccug && menuFor(naccug, 16).group).toBe('Admins');
    expect((await loadForm('login')).submitLabel).toBe('Login');
    expect(config.tables.users?.operation).toBe('listUsers');
    expect(colorFor('userStatus', 'Verified')).toBe('success');
  });
});
