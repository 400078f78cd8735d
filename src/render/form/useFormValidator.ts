// Validation with a form file's precompiled validator for screens built from plain Mantine inputs (sign-in and
// password recovery): no RJSF on those routes, so the login route stays small. Suspends while the form loads.
import { use, useCallback } from 'react';
import type { FormId } from '../../config/registry';
import type { RuleContext } from '../../config/rules';
import { loadCompiledForm } from './compiled-forms';
import { validateFormValues, type FieldErrors, type FormValues } from './form-errors';

/**
 * `const validate = useFormValidator('forget-password'); const errors = validate({ email })` gives one message per
 * invalid field (`errors.email === 'Invalid Email'`), {} when valid. With a context, the form's rules apply too.
 */
export function useFormValidator(formId: FormId, context?: RuleContext): (values: FormValues) => FieldErrors {
  const module = use(loadCompiledForm(formId));
  return useCallback((values: FormValues) => validateFormValues(module, values, context), [module, context]);
}
