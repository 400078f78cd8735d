// users-and-wallets §2, §5: the Change Password modal (own profile only): old, new and confirm from the
// change-password form file (confirm equals new), sent with PUT um/account; a failure stays in the modal.
import { useState } from 'react';
import { Alert, Button, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorText } from '../../../api/errors';
import { SchemaForm } from '../../../render/form';
import { notifySuccess } from '../../../render/notify';
import { requestAttributes } from '../../../render/form/request-body';
import { callOperation, type AttributesOf } from '../../../api/resource';

type PasswordChange = AttributesOf<'changePassword'>;

/** PUT um/account (changePassword) with the session's own token; answers the gateway's confirmation text, which the
 * answer's meta carries (the layer's mutation answers only a record). */
async function changePassword(attributes: PasswordChange): Promise<string> {
  const document = await callOperation('changePassword', { credential: 'own' }, { body: { data: { type: 'Account', attributes } } });
  return document.meta.message;
}

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useMutation({ mutationFn: changePassword });
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const close = () => {
    setFailure(null);
    setFieldErrors({});
    change.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Change Password" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <SchemaForm
          formId="change-password"
          submitting={change.isPending}
          extraErrors={fieldErrors}
          onSubmit={(values, form) => {
            setFailure(null);
            setFieldErrors({});
            change.mutate(
              // check:config holds the form's binding to the contract's ChangePasswordRequest.
              requestAttributes(form, 'changePassword', values) as PasswordChange,
              {
                onSuccess: (message) => {
                  notifySuccess(message);
                  close();
                },
                onError: (error) => {
                  setFailure(errorText(error));
                  if (error instanceof ApiError) setFieldErrors(error.fieldErrors());
                },
              },
            );
          }}
          actions={
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          }
        />
      </Stack>
    </Modal>
  );
}
