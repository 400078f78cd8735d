// Loads the precompiled form modules that scripts/compile-form-validators.ts writes to src/generated/validators/.
// Each form is its own lazily loaded chunk, so a screen pays only for the forms it shows.
import { ConfigError } from '../../config/config-error';
import type { FormConfig } from '../../config/types';

/** An ajv error as the standalone validators report it (ajv-errors' `errorMessage` errors included). */
export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface CompiledValidate {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export interface CompiledFormModule {
  /** The form file without `$schema`. */
  form: FormConfig;
  /** The validator of the whole form. */
  validate: CompiledValidate;
  /** Every validator RJSF may ask for, keyed as @rjsf/validator-ajv8's precompiled validator looks them up. */
  validateFns: Record<string, CompiledValidate>;
}

const generated = import.meta.glob<CompiledFormModule>('../../generated/validators/*.js');
const loaders = new Map<string, () => Promise<CompiledFormModule>>(
  Object.entries(generated).map(([file, load]) => [file.replace(/^.*\//, '').replace(/\.js$/, ''), load]),
);
const cache = new Map<string, Promise<CompiledFormModule>>();

// React's `use` reads a settled promise's `status`/`value` and then returns at once instead of suspending, so a form
// that is already loaded renders without a loader flash.
type TrackedPromise = Promise<CompiledFormModule> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: CompiledFormModule; reason?: unknown };

function tracked(promise: Promise<CompiledFormModule>): Promise<CompiledFormModule> {
  const thenable = promise as TrackedPromise;
  thenable.status = 'pending';
  promise.then(
    (value) => {
      thenable.status = 'fulfilled';
      thenable.value = value;
    },
    (reason: unknown) => {
      thenable.status = 'rejected';
      thenable.reason = reason;
    },
  );
  return thenable;
}

/** The compiled module of `schemas/forms/<formId>.json`; the same promise for every call (React's `use` needs that). */
export function loadCompiledForm(formId: string): Promise<CompiledFormModule> {
  let pending = cache.get(formId);
  if (!pending) {
    const load = loaders.get(formId);
    const missing = () =>
      Promise.reject(
        new ConfigError(
          `schemas/forms/${formId}.json`,
          `No compiled form "${formId}": add schemas/forms/${formId}.json and run npx tsx scripts/compile-form-validators.ts`,
        ),
      );
    pending = tracked(load ? load() : missing());
    cache.set(formId, pending);
  }
  return pending;
}

/** Makes a compiled module available under its form id without the generated folder (tests, forms built elsewhere). */
export function provideCompiledForm(module: CompiledFormModule): void {
  const settled = Promise.resolve(module) as TrackedPromise;
  settled.status = 'fulfilled';
  settled.value = module;
  cache.set(module.form.id, settled);
}
