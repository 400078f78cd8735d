// <SchemaForm formId="create-user" context={ruleContext} onSubmit={save} />: a form file rendered by RJSF with
// Mantine widgets. The engine is a separate lazily loaded chunk; this wrapper only shows a loader meanwhile.
import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { SchemaFormProps } from './schema-form-props';
import { lazyLoaded } from '../../lib/load-again';

const SchemaFormEngine = lazyLoaded(() => import('./SchemaFormEngine'));

export function SchemaForm(props: SchemaFormProps) {
  return (
    <Suspense
      fallback={
        <Center py="md" role="status" aria-live="polite">
          <Loader role="status" size="sm" aria-label="Loading..." />
        </Center>
      }
    >
      <SchemaFormEngine {...props} />
    </Suspense>
  );
}
