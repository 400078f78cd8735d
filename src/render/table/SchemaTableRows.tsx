// A SchemaTable body's rows: every row of a short page, or only the rows in view of a long one (./TableRows.tsx draws
// them). Apart from ./TableRows.tsx and ./VirtualRows.tsx so the lazy virtualizer and the rows it draws import one way.
import { Suspense, memo } from 'react';
import { PlainRows, virtualizes, type SchemaTableRowsProps } from './TableRows';
import { lazyLoaded } from '../../lib/load-again';

// Only a page of more than VIRTUALIZE_FROM rows loads the virtualizer: a list's first screen draws a short page.
const VirtualRows = lazyLoaded(() => import('./VirtualRows'));

export const SchemaTableRows = memo(function SchemaTableRows(props: SchemaTableRowsProps) {
  return virtualizes(props.rows.length) ? (
    <Suspense fallback={null}>
      <VirtualRows {...props} />
    </Suspense>
  ) : (
    <PlainRows {...props} />
  );
});
