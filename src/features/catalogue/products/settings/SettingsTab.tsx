// One tab of the product settings pane (identity-and-catalogue §2, §4): the list as a table of 20 rows a page, New
// opens the entry's form (create, then the §8 success text), Delete asks first (dialog, then 'Deleted').
import { useMemo, useState } from 'react';
import { Alert, Modal } from '@mantine/core';
import { errorText } from '../../../../api/errors';
import type { FlatRecord } from '../../../../api/jsonapi';
import { useStaffContext } from '../../../../config/staff-context';
import { ConfirmDialog } from '../../../../render/ConfirmDialog';
import { SchemaForm, type FormValues } from '../../../../render/form';
import { notifyError, notifySuccess } from '../../../../render/notify';
import { SchemaTable, initialTableQuery } from '../../../../render/table';
import type { TableQuery } from '../../../../render/table/table-query';
import { CURRENCIES_FAILED, DELETED, PAYMENT_METHODS_FAILED } from '../../messages';
import type { SettingsCalls, SettingsGroup } from './settings-groups';

export const DELETE_ENTRY_QUESTION = 'Are you sure you want to delete this entry?';

export interface SettingsTabProps {
  group: SettingsGroup;
  productId: string;
  rows: readonly FlatRecord[];
  calls: SettingsCalls;
  /** Payment methods for a new payment option, and whether they failed to load. */
  paymentMethods?: { rows: readonly Record<string, unknown>[]; failed: boolean };
}

export function SettingsTab({ group, productId, rows, calls, paymentMethods }: SettingsTabProps) {
  const { ruleContext } = useStaffContext();
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery(group.table));
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FlatRecord | null>(null);
  const page = useMemo(() => rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize), [rows, query]);
  const meta = { itemTotal: rows.length, pageNumber: query.page, pageSize: query.pageSize, pageTotal: Math.max(1, Math.ceil(rows.length / query.pageSize)) };
  const lists = useMemo(() => ({ listPaymentMethods: paymentMethods?.rows ?? [] }), [paymentMethods]);

  const add = (values: FormValues) =>
    calls.create({ ...values, productId }).then(
      () => {
        setAdding(false);
        notifySuccess(group.created);
      },
      (error: unknown) => notifyError(errorText(error, CURRENCIES_FAILED)),
    );
  const confirmDelete = () => {
    if (!deleting) return;
    void calls
      .remove(deleting.id)
      .then(
        () => notifySuccess(DELETED),
        (error: unknown) => notifyError(errorText(error, CURRENCIES_FAILED)),
      )
      .finally(() => setDeleting(null));
  };

  return (
    <>
      <SchemaTable
        config={group.table}
        data={page}
        meta={meta}
        query={query}
        onQueryChange={setQuery}
        ruleContext={ruleContext}
        flows={{ newSetting: () => setAdding(true), deleteSetting: setDeleting }}
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title={`New ${group.label}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {paymentMethods?.failed && (
          <Alert color="red" mb="sm">
            {PAYMENT_METHODS_FAILED}
          </Alert>
        )}
        <SchemaForm formId={group.formId} lists={lists} submitting={calls.creating} onSubmit={(values) => void add(values)} />
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${group.label}`}
        message={DELETE_ENTRY_QUESTION}
        danger
        loading={calls.removing}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
