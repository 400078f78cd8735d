// loadContract keeps the parsed contract per path while the file is unchanged; every caller gets a copy of its own.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from './contract.ts';

const contract = (title: string) => `openapi: 3.1.0\ninfo: { title: ${title}, version: '1' }\npaths: {}\n`;

describe('loadContract', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function file(text: string): string {
    dir = mkdtempSync(join(tmpdir(), 'teller-contract-'));
    const path = join(dir, 'gateway.yaml');
    writeFileSync(path, text);
    return path;
  }

  it('gives each caller its own copy: a change to one load never shows in the next', () => {
    const path = file(contract('First'));
    for (const load of [loadContract(path), loadContract(path)]) {
      (load.info as { title: string }).title = 'Changed by a caller';
      load.paths['/added'] = {};
    }
    const next = loadContract(path);
    expect(next.info).toEqual({ title: 'First', version: '1' });
    expect(next.paths).toEqual({});
  });

  it('reads the file again once it changes', () => {
    const path = file(contract('First'));
    expect(loadContract(path).info).toMatchObject({ title: 'First' });
    writeFileSync(path, contract('Second'));
    // A later modification time, as an edit seconds later would have.
    const later = new Date(Date.now() + 5000);
    utimesSync(path, later, later);
    expect(loadContract(path).info).toMatchObject({ title: 'Second' });
  });

  it('refuses a file that is not an OpenAPI document, every time', () => {
    const path = file('just: text\n');
    expect(() => loadContract(path)).toThrow(/is not an OpenAPI document/);
    expect(() => loadContract(path)).toThrow(/is not an OpenAPI document/);
  });
});
