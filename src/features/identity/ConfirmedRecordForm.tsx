// identity-and-catalogue §2 resource and scope forms save alike: the form asks for confirmation, then creates the
// record or updates the fields changed, shows loading, then the §8 success text and the list. A failed create shows
// the server's message, and so does a failed update (issue 22 over IC-8.03: a refused save that stays on the form says
// why, e.g. a scope a tenant still lists).
import { useMemo, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/errors';
import type { FormId } from '../../config/registry';
import { useStaffContext } from '../../config/staff-context';
import { ConfirmDialog } from '../../render/ConfirmDialog';
import { SchemaForm, type FormValues } from '../../render/form';
import { notifyError, notifySuccess } from '../../render/notify';
import { changedFields } from './changed-fields';

interface ConfirmedRecordFormProps<Input, Changes> {
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
  create: UseMutationResult<unknown, Error, Input>;
  update: UseMutationResult<unknown, Error, { id: string; changes: Changes }>;
}

export function ConfirmedRecordForm<Input, Changes>(props: ConfirmedRecordFormProps<Input, Changes>) {
  const { formId, recordId, initial, lists, listRoute, confirmTitle, question, created, updated, create, update } = props;
  const navigate = useNavigate();
  const { ruleContext } = useStaffContext();
  const [pending, setPending] = useState<FormValues | null>(null);
  const saving = create.isPending || update.isPending;
  const context = useMemo(() => ({ ...ruleContext, newRecord: recordId === undefined }), [ruleContext, recordId]);

  const save = () => {
    if (!pending) return;
    if (recordId !== undefined) {
      update.mutate(
        { id: recordId, changes: changedFields(initial, pending) as Changes },
        {
          onSuccess: () => {
            notifySuccess(updated);
            void navigate(listRoute);
          },
          onError: (error) => notifyError(errorText(error)),
          onSettled: () => setPending(null),
        },
      );
    } else {
      create.mutate(pending as Input, {
        onSuccess: () => {
          notifySuccess(created);
          void navigate(listRoute);
        },
        onError: (error) => notifyError(errorText(error)),
        onSettled: () => setPending(null),
      });
    }
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
