// identity-and-catalogue §2 resource and scope forms save alike: the form asks for confirmation, then creates the
// record or updates the fields changed, shows loading, then the §8 success text and the list. A failed create shows
// the server's message, and so does a failed update (issue 22 over IC-8.03: a refused save that stays on the form says
// why, e.g. a scope a tenant still lists).
import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/errors';
import type { FormId } from '../../config/registry';
import { useStaffContext } from '../../config/staff-context';
import { ConfirmDialog } from '../../render/ConfirmDialog';
import { SchemaForm, type FormValues } from '../../render/form';
import { notifyError, notifySuccess } from '../../render/notify';
import { changedFields } from './changed-fields';

/** What saves the record (useRecordController in src/api): it updates the record it names, else creates one. */
interface RecordSaver {
  save: (values: FormValues, callbacks: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void }) => void;
  saving: boolean;
}

interface ConfirmedRecordFormProps {
  formId: FormId;
  /** The record updated, or undefined in add mode. */
  recordId: string | undefined;
  initial: FormValues;
  lists: Record<string, readonly Record<string, unknown>[]>;
  listRoute: string;
  confirmTitle: string;
  question: string;
  created: string;
  updated: string;
  record: RecordSaver;
}

export function ConfirmedRecordForm(props: ConfirmedRecordFormProps) {
  const { formId, recordId, initial, lists, listRoute, confirmTitle, question, created, updated, record } = props;
  const navigate = useNavigate();
  const { ruleContext } = useStaffContext();
  const [pending, setPending] = useState<FormValues | null>(null);
  const { saving } = record;
  const context = useMemo(() => ({ ...ruleContext, newRecord: recordId === undefined }), [ruleContext, recordId]);

  const save = () => {
    if (!pending) return;
    const update = recordId !== undefined;
    record.save(update ? changedFields(initial, pending) : pending, {
      onSuccess: () => {
        notifySuccess(update ? updated : created);
        void navigate(listRoute);
      },
      onError: (error) => notifyError(errorText(error)),
      onSettled: () => setPending(null),
    });
  };

  return (
    <>
      <SchemaForm
        formId={formId}
        context={context}
        formData={initial}
        lists={lists}
        submitting={saving}
        onSubmit={setPending}
        actions={
          <Button component={Link} to={listRoute} variant="default">
            Back to list
          </Button>
        }
      />
      <ConfirmDialog opened={pending !== null} title={confirmTitle} message={question} loading={saving} onConfirm={save} onCancel={() => setPending(null)} />
    </>
  );
}
