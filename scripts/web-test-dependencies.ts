// The web tests' largest dependencies, bundled once per run for the web project (vitest.config.ts, issue 25). Each web
// file runs in a fresh module graph, so each imported Mantine, RJSF and the rest file by file again (hundreds of
// modules); bundled, a file's imports took about half as long (docs/benchmarks.md "How long npm test takes").
// One rule keeps one copy of each: a package the app imports whose peers include a bundled package is bundled too, and
// so is every path of a bundled package imported by path; a package left outside would bring its own copy of the peer
// (a second Mantine has no MantineProvider). web-test-dependencies.test.ts checks it. React and React DOM stay outside:
// the testing library renders with them.
export const WEB_BUNDLED_DEPENDENCIES = [
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/dates',
  '@mantine/notifications',
  '@mantine/charts',
  '@mantine/spotlight',
  '@rjsf/core',
  '@rjsf/utils',
  '@rjsf/mantine',
  '@rjsf/validator-ajv8',
  '@tanstack/react-table',
  '@tanstack/react-query',
  'xstate',
  '@xstate/react',
  'react-router',
  'dayjs',
  'recharts',
  '@rjsf/mantine/lib/templates/index.js',
  '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js',
] as const;

/** Left outside the bundle, with the testing library. */
export const WEB_UNBUNDLED_DEPENDENCIES = ['react-dom'] as const;
