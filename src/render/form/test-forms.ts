// Test support: compiles a form file fixture with the real build step (scripts/compile-form-validators.ts), imports
// the generated module and makes it loadable by id, exactly as the app loads src/generated/validators/<id>.js.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from '../../config/check/contract';
import { formFileWithContractLimits } from '../../config/check/form-limits';
import { compileFormModule } from '../../config/form-compiler';
import { provideCompiledForm, type CompiledFormModule } from './compiled-forms';

const generatedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../generated');
// Read once: the contract is large, and a test may compile every form.
const contract = loadContract(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'));
const directories: string[] = [];

export async function compileTestForm(form: { id: string } & Record<string, unknown>): Promise<CompiledFormModule> {
  mkdirSync(generatedDir, { recursive: true });
  const directory = mkdtempSync(path.join(generatedDir, 'render-test-'));
  directories.push(directory);
  // As the build does: a bound field takes its limits from the contract (src/config/check/form-limits.ts).
  const code = compileFormModule(formFileWithContractLimits(form, contract), `schemas/forms/${form.id}.json`, '../../lib/validator-runtime');
  const file = path.join(directory, `${form.id}.js`);
  writeFileSync(file, code);
  const module = (await import(/* @vite-ignore */ file)) as CompiledFormModule;
  provideCompiledForm(module);
  return module;
}

export function removeTestForms() {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
}
