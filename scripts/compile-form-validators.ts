// Precompiles every form file's JSON Schema into a standalone ESM validator module with the form compiler
// (src/config/form-compiler.ts), so the browser validates without ajv and without `new Function`.
//
//   npx tsx scripts/compile-form-validators.ts            schemas/forms/*.json -> src/generated/validators/<id>.js
//   npx tsx scripts/compile-form-validators.ts --forms <dir> --out <dir>
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { CONTRACT_FILE, loadContract } from '../src/config/check/contract.ts';
import { formFileWithContractLimits } from '../src/config/check/form-limits.ts';
import { FormCompileError, compileFormModule } from '../src/config/form-compiler.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FORMS_DIR = path.join(root, 'schemas/forms');
export const DEFAULT_OUT_DIR = path.join(root, 'src/generated/validators');
const RUNTIME_FILE = path.join(root, 'src/lib/validator-runtime.ts');

function runtimeImportFrom(outDir: string): string {
  const relative = path.relative(outDir, RUNTIME_FILE).split(path.sep).join('/').replace(/\.ts$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

export interface CompileResult {
  written: string[];
  unchanged: string[];
  removed: string[];
  errors: string[];
}

/** Compiles every `<formsDir>/*.json` into `<outDir>/<id>.js`; stale modules of deleted forms are removed. */
export function compileFormValidators({ formsDir = DEFAULT_FORMS_DIR, outDir = DEFAULT_OUT_DIR } = {}): CompileResult {
  const result: CompileResult = { written: [], unchanged: [], removed: [], errors: [] };
  const files = existsSync(formsDir) ? readdirSync(formsDir).filter((name) => name.endsWith('.json')).sort() : [];
  mkdirSync(outDir, { recursive: true });
  const runtimeImport = runtimeImportFrom(outDir);
  // A bound field's limits come from the contract (src/config/check/form-limits.ts).
  const contract = loadContract(root);
  const expected = new Set<string>();
  for (const name of files) {
    const file = path.relative(root, path.join(formsDir, name)) || name;
    const target = path.join(outDir, name.replace(/\.json$/, '.js'));
    expected.add(path.basename(target));
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(path.join(formsDir, name), 'utf8'));
      } catch (error) {
        throw new FormCompileError(file, '', `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      }
      const moduleCode = compileFormModule(formFileWithContractLimits(parsed, contract), file, runtimeImport);
      if (existsSync(target) && readFileSync(target, 'utf8') === moduleCode) result.unchanged.push(target);
      else {
        writeFileSync(target, moduleCode);
        result.written.push(target);
      }
    } catch (error) {
      result.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  for (const name of readdirSync(outDir)) {
    if (name.endsWith('.js') && !expected.has(name)) {
      rmSync(path.join(outDir, name));
      result.removed.push(path.join(outDir, name));
    }
  }
  return result;
}

/** Vite plugin: compiles the form validators when a build or the dev server starts, and again when a form file is
 * added, changed or removed while the dev server runs (the rewritten module then hot-reloads like any source). */
export function formValidatorsPlugin({ formsDir = DEFAULT_FORMS_DIR, outDir = DEFAULT_OUT_DIR } = {}): Plugin {
  return {
    name: 'teller-form-validators',
    buildStart() {
      const result = compileFormValidators({ formsDir, outDir });
      if (result.errors.length > 0) this.error(`form validators:\n${result.errors.join('\n')}`);
    },
    configureServer(server) {
      const contractFile = path.join(root, CONTRACT_FILE);
      server.watcher.add([formsDir, contractFile]);
      const recompile = (file: string) => {
        const isForm = path.dirname(path.resolve(file)) === path.resolve(formsDir) && file.endsWith('.json');
        if (!isForm && path.resolve(file) !== contractFile) return;
        const result = compileFormValidators({ formsDir, outDir });
        for (const error of result.errors) server.config.logger.error(error);
      };
      server.watcher.on('add', recompile);
      server.watcher.on('change', recompile);
      server.watcher.on('unlink', recompile);
    },
  };
}

function argument(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const formsDir = argument('--forms');
  const outDir = argument('--out');
  const result = compileFormValidators({
    formsDir: formsDir ? path.resolve(formsDir) : DEFAULT_FORMS_DIR,
    outDir: outDir ? path.resolve(outDir) : DEFAULT_OUT_DIR,
  });
  for (const error of result.errors) console.error(error);
  const total = result.written.length + result.unchanged.length;
  console.log(`form validators: ${total} compiled (${result.written.length} written), ${result.removed.length} removed`);
  if (result.errors.length > 0) process.exit(1);
}
