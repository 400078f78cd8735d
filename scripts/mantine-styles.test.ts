// Mantine's styles per component: each component's class-name module brings its stylesheet, so a chunk carries the
// CSS of the components it draws (a route loads only the CSS it needs).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { mantineComponentStyles } from './mantine-styles.ts';

const CORE = fileURLToPath(new URL('../node_modules/@mantine/core/', import.meta.url));

function transformer(command: 'build' | 'serve'): (code: string, id: string) => string | null {
  const plugin: Plugin = mantineComponentStyles();
  (plugin.configResolved as (config: { command: string }) => void)({ command });
  return (code, id) => {
    const result = (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);
    return result?.code ?? null;
  };
}

describe('mantineComponentStyles', () => {
  it('makes each component\'s class names import its layered stylesheet at build, and leaves other modules alone', () => {
    const transform = transformer('build');
    expect(transform('export default {};', `${CORE}esm/components/Button/Button.module.mjs`)).toBe("import '@mantine/core/styles/Button.layer.css';\nexport default {};");
    expect(transform('x', `${CORE}esm/components/Checkbox/CheckboxIndicator/CheckboxIndicator.module.mjs?v=1`)).toContain('styles/CheckboxIndicator.layer.css');
    expect(transform('x', `${CORE}esm/utils/InlineInput/InlineInput.module.mjs`)).toContain('styles/InlineInput.layer.css');
    expect(transform('x', `${CORE}esm/components/Button/Button.mjs`)).toBeNull();
    expect(transform('x', '/repo/src/features/auth/LoginPage.module.css')).toBeNull();
    expect(transform('x', '/repo/src/main.tsx')).toBeNull();
  });

  it('names a stylesheet Mantine ships for every class-name module it has', () => {
    const styles = new Set(readdirSync(`${CORE}styles`));
    const modules = readdirSync(`${CORE}esm`, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.module.mjs'));
    expect(modules.length).toBeGreaterThan(50);
    const transform = transformer('build');
    for (const file of modules) {
      const imported = /styles\/(.+\.layer\.css)/.exec(transform('', `${CORE}esm/${file}`) ?? '')?.[1];
      expect(imported && styles.has(imported), file).toBe(true);
    }
  });

  it('imports the whole stylesheet at the entry on the dev server, whose pre-bundled Mantine is never transformed', () => {
    const transform = transformer('serve');
    expect(transform('render();', '/repo/src/main.tsx')).toBe("import '@mantine/core/styles.layer.css';\nrender();");
    expect(transform('x', `${CORE}esm/components/Button/Button.module.mjs`)).toBeNull();
  });
});
