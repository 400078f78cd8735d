import type { ESLint } from 'eslint';

declare const layers: ESLint.Plugin;
export default layers;

/** Why importing `resolved` (an absolute path, extension optional) from `file` breaks the layers, or undefined. */
export function importProblem(file: string, resolved: string): string | undefined;
/** Imports another part of issue 23 removes, kept until its branch is merged (repository-relative paths). */
export const PENDING: readonly { from: string; to: string }[];
