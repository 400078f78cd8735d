import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-gateway/**', 'data/**', 'node_modules/**', 'src/generated/**', 'src/api/gateway.d.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { layers },
    rules: {
      // STYLE §1: one-way imports between layers.
      'layers/one-way-imports': 'error',
      // STYLE §5: no `any`; `@ts-expect-error` only with a reason.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true, 'ts-nocheck': true }],
      // verbatimModuleSyntax needs types imported as types.
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A leftover console.log in the app is noise in a staff member's console; the gateway logs through pino.
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Hooks misuse is a runtime bug, not style.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // One way to load code on first use: src/lib/load-again.ts loads it again after a dropped connection.
      'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazyLoaded from src/lib/load-again.ts: React.lazy keeps a failed load for good.' }] }],
    },
  },
  {
    files: ['src/lib/load-again.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Scripts and benches print their figures; that is their job.
    files: ['scripts/**', 'tests/**', 'server/main.ts', 'server/seed/**'],
    rules: { 'no-console': 'off' },
  },
);
