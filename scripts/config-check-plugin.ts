// `npm run dev`: saving a config file (tenants/, schemas/, the contract) re-runs `npm run check:config`. A mistake
// shows as Vite's error overlay naming each file and JSON pointer, and the app keeps the last good config until it
// is fixed; a good save reloads the screens as Vite does, and fixing a mistake reloads the page.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HotPayload, Plugin } from 'vite';
import { formatProblem, type Problem } from '../src/config/check/index.ts';
import { pointerPosition } from '../src/config/check/json-position.ts';
import { CONFIG_FOLDERS, META_DIR } from '../src/config/files.ts';
import { checkConfig } from './check-config.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN = 'teller-config-check';
const CONTRACT = 'openapi/gateway.yaml';
const VALIDATORS = 'src/generated/validators/';

function relative(rootDir: string, file: string): string {
  return path.relative(rootDir, path.resolve(file)).split(path.sep).join('/');
}

/** A file check:config reads: a config file, a meta-schema or the contract. */
export function isConfigFile(rootDir: string, file: string): boolean {
  const name = relative(rootDir, file);
  if (name === CONTRACT) return true;
  if (!name.endsWith('.json')) return false;
  return [...CONFIG_FOLDERS.map((folder) => folder.dir), META_DIR].some((dir) => path.posix.dirname(name) === dir);
}

function isEmptyFile(file: string): boolean {
  try {
    return statSync(file).size === 0;
  } catch {
    return false;
  }
}

/** The first problem's place in its file, and the lines around it, for the overlay. */
function placeOf(rootDir: string, problem: Problem): { loc: { file: string; line: number; column: number }; frame: string } | undefined {
  const file = path.join(rootDir, problem.file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const { line, column } = pointerPosition(text, problem.pointer);
  const frame = text
    .split('\n')
    .map((content, index) => ({ number: index + 1, content }))
    .filter(({ number }) => Math.abs(number - line) <= 2)
    .map(({ number, content }) => `${number === line ? '>' : ' '} ${String(number).padStart(4)} | ${content}`)
    .join('\n');
  return { loc: { file, line, column }, frame };
}

/** Vite's error overlay for these problems: every `file#/pointer: message (fix)` line, opened at the first one. */
export function configErrorPayload(rootDir: string, problems: readonly Problem[]): HotPayload {
  const lines = problems.map(formatProblem);
  const first = problems[0];
  const place = first ? placeOf(rootDir, first) : undefined;
  return {
    type: 'error',
    err: {
      message: `npm run check:config found ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`,
      stack: '',
      plugin: PLUGIN,
      ...(first ? { id: path.join(rootDir, first.file) } : {}),
      ...(place ?? {}),
    },
  };
}

export type ConfigChange =
  /** Not a config file: Vite goes on as usual. */
  | { update: 'normal' }
  /** Leave the running app as it is and send this to the page (the overlay, or a reload once fixed). */
  | { update: 'skip'; send: HotPayload }
  /** A generated validator written from a broken form: the app keeps the last good one. */
  | { update: 'skip' };

/** What a saved file does in the dev server; keeps whether the config is broken between saves. */
export function configWatch(rootDir: string = repositoryRoot, check: (rootDir: string) => Problem[] = checkConfig) {
  let broken = false;
  return {
    check: () => check(rootDir),
    changed(file: string): ConfigChange {
      if (relative(rootDir, file).startsWith(VALIDATORS)) return broken ? { update: 'skip' } : { update: 'normal' };
      if (!isConfigFile(rootDir, file)) return { update: 'normal' };
      // An in-place save (most editors) empties the file first: that is a write in progress, not a mistake; the
      // watcher reports the file again once its content is there.
      if (isEmptyFile(file)) return { update: 'skip' };
      const problems = check(rootDir);
      if (problems.length > 0) {
        broken = true;
        return { update: 'skip', send: configErrorPayload(rootDir, problems) };
      }
      if (broken) {
        broken = false;
        return { update: 'skip', send: { type: 'full-reload' } };
      }
      return { update: 'normal' };
    },
  };
}

/** The dev server's config check (vite.config.ts). */
export function configCheckPlugin(rootDir: string = repositoryRoot): Plugin {
  const watch = configWatch(rootDir);
  return {
    name: PLUGIN,
    apply: 'serve',
    configureServer(server) {
      server.watcher.add([...CONFIG_FOLDERS.map((folder) => path.join(rootDir, folder.dir)), path.join(rootDir, META_DIR), path.join(rootDir, CONTRACT)]);
      const problems = watch.check();
      for (const problem of problems) server.config.logger.error(formatProblem(problem));
    },
    hotUpdate(options) {
      if (this.environment.name !== 'client') return undefined;
      const change = watch.changed(options.file);
      if (change.update === 'normal') return undefined;
      // Held back from the running page, but not from the next load: the reload that follows a fix gets the new code.
      for (const module of options.modules) this.environment.moduleGraph.invalidateModule(module);
      if ('send' in change) {
        if (change.send.type === 'error') options.server.config.logger.error(change.send.err.message);
        this.environment.hot.send(change.send);
      }
      return [];
    },
  };
}
