// `npm run dev` re-runs the checker when a config file is saved: a mistake becomes Vite's error overlay naming the
// file and pointer, and the running app keeps the last good config until the mistake is fixed.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../tests/config/config-copy.ts';
import { configWatch, isConfigFile } from './config-check-plugin.ts';

type Json = Record<string, unknown>;

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const at = (file: string) => path.join(copy.root, file);

describe('the dev server’s config check', () => {
  it('knows the files check:config reads', () => {
    expect(isConfigFile(copy.root, at('schemas/tables/users.json'))).toBe(true);
    expect(isConfigFile(copy.root, at('tenants/naccug.json'))).toBe(true);
    expect(isConfigFile(copy.root, at('schemas/meta/form.schema.json'))).toBe(true);
    expect(isConfigFile(copy.root, at('openapi/gateway.yaml'))).toBe(true);
    expect(isConfigFile(copy.root, at('src/app/Shell.tsx'))).toBe(false);
    expect(isConfigFile(copy.root, at('schemas/README.md'))).toBe(false);
  });

  it('shows a saved mistake as the error overlay with file and pointer, holds the app, and reloads once it is fixed', () => {
    const watch = configWatch(copy.root);
    const users = at('schemas/tables/users.json');
    expect(watch.changed(users)).toEqual({ update: 'normal' });

    const good = copy.readJson<{ columns: Json[] }>('schemas/tables/users.json');
    copy.editJson<{ columns: Json[] }>('schemas/tables/users.json', (table) => {
      const column = table.columns[1];
      if (column) column.header = '';
    });
    const broken = watch.changed(users);
    expect(broken.update).toBe('skip');
    const payload = 'send' in broken ? broken.send : undefined;
    expect(payload?.type).toBe('error');
    const message = payload?.type === 'error' ? payload.err.message : '';
    expect(message).toContain('npm run check:config found 1 problem:');
    expect(message).toContain('schemas/tables/users.json#/columns/1/header: is empty');
    // The overlay opens the file where the mistake is.
    expect(payload?.type === 'error' ? payload.err.loc : undefined).toMatchObject({ file: users, line: expect.any(Number) as number });
    expect(payload?.type === 'error' ? payload.err.frame : '').toMatch(/> +\d+ \| +"header": ""/);
    // The form validator the mistake would ship is held back too.
    expect(watch.changed(at('src/generated/validators/create-user.js'))).toEqual({ update: 'skip' });

    copy.writeJson('schemas/tables/users.json', good);
    expect(watch.changed(users)).toEqual({ update: 'skip', send: { type: 'full-reload' } });
    expect(watch.changed(users)).toEqual({ update: 'normal' });
    expect(watch.changed(at('src/generated/validators/create-user.js'))).toEqual({ update: 'normal' });
  });

  it('waits for the content of a file an in-place save has just emptied (regression: a save flashed "not valid JSON")', () => {
    const watch = configWatch(copy.root);
    const users = at('schemas/tables/users.json');
    const good = copy.readJson('schemas/tables/users.json');
    copy.writeText('schemas/tables/users.json', '');
    expect(watch.changed(users)).toEqual({ update: 'skip' });
    copy.writeJson('schemas/tables/users.json', good);
    expect(watch.changed(users)).toEqual({ update: 'normal' });
  });

  it('lets any other file update as usual', () => {
    const watch = configWatch(copy.root, () => {
      throw new Error('check:config runs for config files only');
    });
    expect(watch.changed(at('src/app/Shell.tsx'))).toEqual({ update: 'normal' });
  });
});
