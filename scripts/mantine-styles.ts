// Mantine's styles per component (Mantine's "CSS files list"): every @mantine/core module that holds a component's
// class names (`components/Button/Button.module.mjs`) imports that component's stylesheet
// (`@mantine/core/styles/Button.layer.css`), so each chunk carries the CSS of exactly the components it draws,
// those that other libraries draw (the forms, the date pickers) included, and the login route loads only its own.
// The `.layer.css` files put Mantine in `@layer mantine`, below the app's own CSS whatever order the chunks load in
// (Mantine's "styles order" advice for lazily loaded components). The dev server serves @mantine/core pre-bundled,
// where no module is transformed, so there the whole stylesheet is imported at the entry instead.
import type { Plugin } from 'vite';

const COMPONENT_CLASSES = /\/@mantine\/core\/esm\/(?:[^/]+\/)+([A-Za-z]+)\.module\.mjs$/;
const ENTRY = /\/src\/main\.tsx$/;

export function mantineComponentStyles(): Plugin {
  let serving = false;
  return {
    name: 'teller:mantine-component-styles',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      const path = id.split('?')[0]?.replace(/\\/g, '/') ?? '';
      if (serving) return ENTRY.test(path) ? { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null } : null;
      const component = COMPONENT_CLASSES.exec(path)?.[1];
      return component ? { code: `import '@mantine/core/styles/${component}.layer.css';\n${code}`, map: null } : null;
    },
  };
}
