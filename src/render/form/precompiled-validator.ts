// The RJSF validator of a compiled form: @rjsf/validator-ajv8's precompiled validator over the generated module's
// functions, so validation never compiles code in the browser (Content-Security-Policy without unsafe-eval).
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { CompiledFormModule } from './compiled-forms';
import type { FormValues } from './form-errors';
import type { SchemaFormContext } from './widgets/widget-props';

export type FormValidator = ValidatorType<FormValues, RJSFSchema, SchemaFormContext>;

const validators = new WeakMap<CompiledFormModule, FormValidator>();

export function validatorFor(module: CompiledFormModule): FormValidator {
  let validator = validators.get(module);
  if (!validator) {
    validator = createPrecompiledValidator<FormValues, RJSFSchema, SchemaFormContext>(module.validateFns, module.form.schema as RJSFSchema);
    validators.set(module, validator);
  }
  return validator;
}
