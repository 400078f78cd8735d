// The first thing src/boot.ts imports of the Mantine layer (scripts/route-chunks.ts): the app uses it anyway.
export { MantineProvider } from '@mantine/core';
