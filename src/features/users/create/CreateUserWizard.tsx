// users-and-wallets §2 and §4 Create User wizard: 'Create User Details', 'Upload Document(s)', 'Review Page',
// 'Finish & Save'; the flow is createUserMachine (src/flows), its calls the gateway client's.
import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { useSessionState } from '../../../api/session';
import { useStaffContext } from '../../../config/staff-context';
import type { RuleContext } from '../../../config';
import { useForm } from '../../../config/context';
import {
  CREATE_USER_STEPS,
  CREATE_USER_TEXT,
  createUserMachine,
  isSaving,
  wizardStep,
  type CreateUserOperation,
  type CreateUserSnapshot,
  type UserDetails,
} from '../../../flows/create-user.machine';
import { UPLOAD_TEXT, type DocumentFields as DocumentValues } from '../../../flows/upload-documents.machine';
import { tenantAsksGroup, type Audience } from '../../../flows/user-rules';
import { useFormValidator } from '../../../render/form';
import { hiddenFields } from '../../../render/form/form-errors';
import { requestAttributes } from '../../../render/form/request-body';
import { notifySuccess } from '../../../render/notify';
import { DocumentFields } from '../documents/DocumentFields';
import { DOCUMENT_FORM_ID } from '../documents/document-form';
import { FlowAlert } from '../documents/FlowAlert';
import { createUserGatewayActors } from './create-user-actors';
import { DetailsStep } from './DetailsStep';
import { ReviewStep } from './ReviewStep';
import { CREATE_USER_FORM_ID, toFormValues } from './user-details';

export interface CreateUserWizardProps {
  opened: boolean;
  onClose: () => void;
  /** 'admin' creates with POST um/user (admins list), 'endUser' with POST um/pendingUser (users list). */
  audience: Audience;
  /** A user was created (also when its document upload then failed): refresh the list. */
  onCreated?: (userId: string) => void;
}

const CREATE_USER_TITLE = 'Create User';
/** users-and-wallets §8 loading text while the user is created. */
const CREATING_TEXT = 'Please wait, while we process your request...';

const wizardMachine = createUserMachine.provide({
  actors: createUserGatewayActors,
  actions: { notifySuccess: (_, params) => notifySuccess(params.text) },
});

function savingText(snapshot: CreateUserSnapshot): string | null {
  if (snapshot.matches({ saving: 'creating' })) return CREATING_TEXT;
  if (snapshot.matches({ saving: 'uploading' })) return UPLOAD_TEXT.loading;
  return null;
}

/** The form's rule context: the staff member's, for a new record, opened from the users list for end users. */
function wizardRuleContext(staff: RuleContext, audience: Audience): RuleContext {
  return { ...staff, newRecord: true, openedFrom: audience === 'endUser' ? 'users' : null };
}

function WizardModal({ onClose, audience, onCreated }: Omit<CreateUserWizardProps, 'opened'>) {
  const staff = useStaffContext();
  const { session } = useSessionState();
  const formContext = useMemo(() => wizardRuleContext(staff.ruleContext, audience), [staff.ruleContext, audience]);
  // Both form files are at hand before the first step draws, so no later step waits for one.
  const form = useForm(CREATE_USER_FORM_ID);
  useForm(DOCUMENT_FORM_ID);
  const validateForm = useFormValidator(CREATE_USER_FORM_ID, formContext);
  const validateDocumentForm = useFormValidator(DOCUMENT_FORM_ID);
  const validateDetails = useCallback((details: UserDetails) => validateForm(toFormValues(details)), [validateForm]);
  const validateDocument = useCallback((fields: DocumentValues) => validateDocumentForm({ ...fields }), [validateDocumentForm]);
  // The request is the form file's: a field added there is sent with no code change (its submit binding).
  const toAttributes = useCallback(
    (details: UserDetails, operation: CreateUserOperation) => requestAttributes(form, operation, { ...details }, hiddenFields(form, formContext)),
    [form, formContext],
  );
  const tenant = staff.tenant;

  const [snapshot, send] = useMachine(wizardMachine, {
    input: {
      audience,
      creatorRole: staff.role ?? 0,
      requiresGroup: tenant ? tenantAsksGroup(tenant) : false,
      tenantId: tenant?.id ?? null,
      validateDetails,
      validateDocument,
      toAttributes,
    },
  });
  const { context } = snapshot;
  const documents = useSelector(context.documents, (documentsSnapshot) => documentsSnapshot.context);
  const saving = isSaving(snapshot);
  const loadingText = savingText(snapshot);
  const step = Math.min(wizardStep(snapshot), CREATE_USER_STEPS.length - 1);

  const finished = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || finished.current) return;
    finished.current = true;
    if (snapshot.output?.userId) onCreated?.(snapshot.output.userId);
    onClose();
  }, [snapshot.status, snapshot.output, onCreated, onClose]);

  return (
    <Modal
      opened
      onClose={() => {
        if (!saving) send({ type: 'CLOSE' });
      }}
      title={CREATE_USER_TITLE}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={!saving}
      withCloseButton={!saving}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          {CREATE_USER_STEPS.map((label) => (
            <Stepper.Step key={label} label={label} allowStepSelect={false} />
          ))}
        </Stepper>
        <FlowAlert alert={context.alert ?? documents.alert} onDismiss={() => send({ type: 'DISMISS_ALERT' })} />

        {snapshot.matches('details') && (
          <DetailsStep
            audience={audience}
            context={formContext}
            details={context.details}
            errors={context.detailErrors}
            creatorRole={context.creatorRole}
            requiresGroup={context.requiresGroup}
            userId={session?.userId ?? null}
            onChange={(values) => send({ type: 'CHANGE_DETAILS', values })}
            onNext={(values) => {
              send({ type: 'CHANGE_DETAILS', values });
              send({ type: 'NEXT' });
            }}
            onCancel={() => send({ type: 'CLOSE' })}
          />
        )}

        {snapshot.matches('documents') && (
          <Stack>
            <DocumentFields
              values={documents.fields}
              errors={documents.errors}
              files={documents.files}
              rejected={documents.rejectedFiles}
              onChange={(values) => send({ type: 'CHANGE_DOCUMENT', values })}
              onAddFiles={(files) => send({ type: 'ADD_FILES', files })}
              onRemoveFile={(name) => send({ type: 'REMOVE_FILE', name })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'BACK' })} disabled={!snapshot.can({ type: 'BACK' })}>
                Back
              </Button>
              <Button onClick={() => send({ type: 'NEXT' })}>Next</Button>
            </Group>
          </Stack>
        )}

        {(snapshot.matches('review') || snapshot.matches('saving')) && (
          <Stack>
            <ReviewStep snapshot={snapshot} documents={documents} formContext={formContext} />
            {loadingText && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{loadingText}</Text>
              </Group>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'BACK' })} disabled={saving}>
                Back
              </Button>
              <Button onClick={() => send({ type: 'FINISH' })} loading={saving}>
                {CREATE_USER_TEXT.finish}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function WizardLoading({ onClose }: Pick<CreateUserWizardProps, 'onClose'>) {
  return (
    <Modal opened onClose={onClose} title={CREATE_USER_TITLE} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Center py="md" role="status">
        <Loader role="status" size="sm" aria-label="Loading..." />
      </Center>
    </Modal>
  );
}

/** A Mantine Modal; each opening starts a new wizard. */
export function CreateUserWizard({ opened, ...props }: CreateUserWizardProps) {
  if (!opened) return null;
  return (
    <Suspense fallback={<WizardLoading onClose={props.onClose} />}>
      <WizardModal {...props} />
    </Suspense>
  );
}
