import type { ReactNode } from 'react';
import type { FormId } from '../../config/registry';
import type { RuleContext } from '../../config/rules';
import type { FormConfig } from '../../config/types';
import type { FormValues } from './form-errors';

export interface SchemaFormProps {
  /** The form file id: schemas/forms/<formId>.json, one the registry lists (src/config/registry.ts). */
  formId: FormId;
  /** The rule context the form file's rules (visible, disabled, required, options) are evaluated against. */
  context?: RuleContext;
  /** Initial values; a new object resets the form to it. */
  formData?: FormValues;
  /** Called only with valid data, without the fields hidden by rules; `form` is the form file drawn, whose submit
   * binding makes the request body (./request-body.ts). */
  onSubmit: (data: FormValues, form: FormConfig) => void;
  onChange?: (data: FormValues) => void;
  /** Overrides the form file's submitLabel. */
  submitLabel?: string;
  /** Disables every field and the submit button. */
  disabled?: boolean;
  /** Shows the submit button busy. */
  submitting?: boolean;
  /** Server-side messages by field path, shown under the fields like the form's own. */
  extraErrors?: Record<string, string | string[]>;
  /** Rows of list operations by operationId, for selects with `ui:options.optionsFrom`. */
  lists?: Record<string, readonly Record<string, unknown>[]>;
  /** More buttons beside submit, e.g. Cancel. */
  actions?: ReactNode;
}
