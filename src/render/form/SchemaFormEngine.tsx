// The forms engine: RJSF with the Mantine theme and the form's precompiled validator. Loaded lazily by SchemaForm,
// so screens without a SchemaForm (the login route) never download RJSF.
import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { withTheme } from '@rjsf/core';
import type { CustomValidator, ErrorSchema, ErrorTransformer, FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import { evaluateRule, type RuleContext } from '../../config/rules';
import type { FormConfig } from '../../config/types';
import { loadCompiledForm } from './compiled-forms';
import {
  hiddenFields,
  isWithin,
  missingProperty,
  ruleRequiredErrors,
  validateFormValues,
  withoutFields,
  type FormValues,
} from './form-errors';
import { validatorFor } from './precompiled-validator';
import type { SchemaFormProps } from './schema-form-props';
import { templates, widgets } from './theme';
import type { SchemaFormContext } from './widgets/widget-props';

const Form = withTheme<FormValues, RJSFSchema, SchemaFormContext>({ templates, widgets });

type UiNode = Record<string, unknown>;

function uiNodeAt(root: UiNode, field: string): UiNode {
  let node = root;
  for (const key of field.split('.')) {
    const child = node[key];
    const next: UiNode = child !== null && typeof child === 'object' ? { ...(child as UiNode) } : {};
    node[key] = next;
    node = next;
  }
  return node;
}

/** The form's uiSchema with its rules applied: hidden fields, disabled fields, options a rule withholds. */
function uiSchemaFor(form: FormConfig, ctx: RuleContext | undefined): UiSchema<FormValues, RJSFSchema, SchemaFormContext> {
  const uiSchema: UiNode = structuredClone(form.uiSchema ?? {});
  if (ctx) {
    for (const [field, rules] of Object.entries(form.rules ?? {})) {
      const node = uiNodeAt(uiSchema, field);
      if (!evaluateRule(rules.visible, ctx)) node['ui:widget'] = 'hidden';
      if (rules.disabled !== undefined && evaluateRule(rules.disabled, ctx)) node['ui:disabled'] = true;
      if (rules.options) {
        const excluded = Object.entries(rules.options)
          .filter(([, rule]) => !evaluateRule(rule, ctx))
          .map(([value]) => value);
        const options = (node['ui:options'] as UiNode | undefined) ?? {};
        node['ui:options'] = { ...options, excludedValues: excluded };
      }
    }
  }
  return uiSchema as UiSchema<FormValues, RJSFSchema, SchemaFormContext>;
}

function toErrorSchema(errors: Record<string, string | string[]> | undefined): ErrorSchema<FormValues> | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined;
  const schema: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(errors)) {
    let node = schema;
    for (const key of field.split('.').filter(Boolean)) {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    }
    node.__errors = Array.isArray(messages) ? messages : [messages];
  }
  return schema as ErrorSchema<FormValues>;
}

function fieldHandler(errors: FormValidation<FormValues>, field: string) {
  let node: unknown = errors;
  for (const key of field.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return node !== null && typeof node === 'object' && 'addError' in node ? (node as FormValidation<unknown>) : undefined;
}

export default function SchemaFormEngine(props: SchemaFormProps) {
  const { formId, context, onSubmit, onChange, submitLabel, disabled, submitting, extraErrors, lists, actions } = props;
  const module = use(loadCompiledForm(formId));
  const { form } = module;
  const validator = validatorFor(module);
  const hidden = useMemo(() => (context ? hiddenFields(form, context) : []), [form, context]);
  const uiSchema = useMemo(() => uiSchemaFor(form, context), [form, context]);
  const formContext = useMemo<SchemaFormContext>(() => ({ lists: lists ?? {} }), [lists]);
  // RJSF holds the form's data (an uncontrolled Form): a change re-renders the field it is in, not this engine nor the
  // fields around it, and RJSF does not recompute its state a second time for the data echoed back to it; a text field
  // hands its keys to RJSF after their paint (widgets/typed-text.ts). New initial values reset the form: they are
  // handed to the Form as its data for one render, then it holds them; the same values in a new object do not.
  const initialText = JSON.stringify(props.formData ?? null);
  const [start, setStart] = useState(() => ({ text: initialText, data: props.formData ?? {}, version: 0 }));
  if (initialText !== start.text) {
    setStart((shown) => (props.formData ? { text: initialText, data: props.formData, version: shown.version + 1 } : { ...shown, text: initialText }));
  }
  const [taken, setTaken] = useState(0);
  useEffect(() => {
    if (taken !== start.version) setTaken(start.version);
  }, [taken, start.version]);
  const [submitted, setSubmitted] = useState(false);

  const transformErrors: ErrorTransformer<FormValues, RJSFSchema, SchemaFormContext> = (errors) =>
    errors
      .map((error) => {
        // ajv-errors reports a required field's message on the parent object; show it under the field.
        const missing = error.name === 'errorMessage' ? missingProperty({ keyword: error.name, params: error.params ?? {} }) : undefined;
        if (missing === undefined) return error;
        const parent = (error.property ?? '').replace(/^\./, '');
        return { ...error, property: parent ? `${parent}.${missing}` : missing };
      })
      .filter((error) => !isWithin((error.property ?? '').replace(/^\./, ''), hidden));

  const customValidate: CustomValidator<FormValues, RJSFSchema, SchemaFormContext> = (formData, errors) => {
    if (!context) return errors;
    for (const [field, message] of Object.entries(ruleRequiredErrors(form, formData ?? {}, context))) {
      fieldHandler(errors, field)?.addError(message);
    }
    return errors;
  };

  const extraErrorSchema = useMemo(() => toErrorSchema(extraErrors), [extraErrors]);
  // The data typed so far (since the form's last start), for the submit button of a form that disables it until valid:
  // only a change of that answer re-renders the engine.
  const typed = useRef({ version: start.version, data: start.data });
  const current = typed.current.version === start.version ? typed.current.data : start.data;
  const validFor = useCallback(
    (values: FormValues) => form.disableSubmitUntilValid !== true || Object.keys(validateFormValues(module, values, context)).length === 0,
    [form, module, context],
  );
  const [, setValidAnswer] = useState(true);
  const valid = validFor(current);

  return (
    <Form
      schema={form.schema as RJSFSchema}
      uiSchema={uiSchema}
      initialFormData={start.data}
      formData={taken === start.version ? undefined : start.data}
      formContext={formContext}
      // RJSF's default prefix "root" would repeat the app's mount point's id and collide between two forms on a page.
      idPrefix={formId}
      validator={validator}
      transformErrors={transformErrors}
      customValidate={customValidate}
      extraErrors={extraErrorSchema}
      liveValidate={submitted ? 'onChange' : undefined}
      showErrorList={false}
      // A oneOf choice (e.g. the role) must be picked by the user, not defaulted to its first option.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
      noHtml5Validate
      focusOnFirstError
      disabled={disabled}
      onChange={(event) => {
        const next = event.formData ?? {};
        typed.current = { version: start.version, data: next };
        if (form.disableSubmitUntilValid === true) setValidAnswer(validFor(next));
        onChange?.(next);
      }}
      onError={() => setSubmitted(true)}
      onSubmit={(event) => {
        setSubmitted(true);
        onSubmit(withoutFields(event.formData ?? {}, hidden), form);
      }}
    >
      <Group mt="md" gap="sm">
        <Button type="submit" loading={submitting} disabled={disabled || !valid}>
          {submitLabel ?? form.submitLabel ?? 'Submit'}
        </Button>
        {actions}
      </Group>
    </Form>
  );
}
