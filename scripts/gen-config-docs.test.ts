// schemas/README.md's reference is generated from the meta-schemas and the registry, so it cannot go stale.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../tests/config/config-copy.ts';
import { FLOWS } from '../src/config/registry.ts';
import { CONFIG_DOCS_FILE, GENERATED_END, GENERATED_START, generateConfigReference, withReference } from './gen-config-docs.ts';

const metaDir = path.join(REPOSITORY_ROOT, 'schemas/meta');
const metaSchemas = new Map(
  readdirSync(metaDir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((name) => [name, JSON.parse(readFileSync(path.join(metaDir, name), 'utf8')) as Record<string, unknown>]),
);

describe('npm run gen:config-docs', () => {
  it('the committed schemas/README.md is up to date (npm run gen:config-docs writes it)', () => {
    const readme = readFileSync(path.join(REPOSITORY_ROOT, CONFIG_DOCS_FILE), 'utf8');
    expect(withReference(readme, generateConfigReference(metaSchemas))).toBe(readme);
  });

  it('documents every kind of file, every field a meta-schema adds, and every flow', () => {
    const reference = generateConfigReference(metaSchemas);
    for (const heading of ['### Tenant file', '### Menu file', '### Form file', '### Table file', '### Screen file', '#### Submit binding', '#### Row action']) {
      expect(reference).toContain(heading);
    }
    expect(reference).toMatch(/\| `submit` \| yes \|/);
    expect(reference).toMatch(/\| `flow` \| yes \| a \[flow\]\(#flows\) \|/);
    for (const flow of Object.keys(FLOWS)) expect(reference).toContain(`| \`${flow}\` |`);
  });

  it('replaces only the generated part, keeping the hand-written how-tos', () => {
    const readme = `# Hand-written\n\nHow to add a tenant.\n\n${GENERATED_START}\n\nold\n\n${GENERATED_END}\n`;
    const next = withReference(readme, '## Reference\n\nnew');
    expect(next).toBe(`# Hand-written\n\nHow to add a tenant.\n\n${GENERATED_START}\n\n## Reference\n\nnew\n\n${GENERATED_END}\n`);
    expect(withReference('# Only hand-written\n', 'new')).toBe(`# Only hand-written\n\n${GENERATED_START}\n\nnew\n\n${GENERATED_END}\n`);
  });
});
