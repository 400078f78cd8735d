// Forms: import from here. Nothing here loads RJSF until a SchemaForm renders.
export { SchemaForm } from './SchemaForm';
export { useFormValidator } from './useFormValidator';
export type { FieldErrors, FormValues } from './form-errors';
