// users-and-wallets §2 and §4 Create User wizard: 'Create User Details', 'Upload Document(s)', 'Review Page',
// 'Finish & Save'; the flow is createUserMachine (src/flows), its calls the gateway client's.
import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
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
import type { FieldErrors } from '../../../flows/upload-documents.machine';
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
import { CREATE_USER_FORM_ID, sameDetails, toFormValues } from './user-details';

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

type WizardActor = ReturnType<typeof useActorRef<typeof wizardMachine>>;

/** What the wizard's frame (the modal, its steps, its alert, the saving line) draws: a keystroke in step 1 changes the
 * machine's details and none of this, so the frame does not re-render as staff type. */
interface WizardFrame {
  stage: 'details' | 'documents' | 'review' | null;
  step: number;
  saving: boolean;
  loadingText: string | null;
  alert: CreateUserSnapshot['context']['alert'];
  done: boolean;
}

function frameOf(snapshot: CreateUserSnapshot): WizardFrame {
  const stage = snapshot.matches('details')
    ? 'details'
    : snapshot.matches('documents')
      ? 'documents'
      : snapshot.matches('review') || snapshot.matches('saving')
        ? 'review'
        : null;
  return {
    stage,
    step: Math.min(wizardStep(snapshot), CREATE_USER_STEPS.length - 1),
    saving: isSaving(snapshot),
    loadingText: savingText(snapshot),
    alert: snapshot.context.alert,
    done: snapshot.status === 'done',
  };
}

function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof T)[]);
  return [...keys].every((key) => a[key] === b[key]);
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

  const actor = useActorRef(wizardMachine, {
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
  const frame = useSelector(actor, frameOf, sameFields);
  const documentsActor = useSelector(actor, (snapshot) => snapshot.context.documents);
  const documentsAlert = useSelector(documentsActor, (documentsSnapshot) => documentsSnapshot.context.alert);

  const finished = useRef(false);
  useEffect(() => {
    if (!frame.done || finished.current) return;
    finished.current = true;
    const output = actor.getSnapshot().output;
    if (output?.userId) onCreated?.(output.userId);
    onClose();
  }, [frame.done, actor, onCreated, onClose]);

  return (
    <Modal
      opened
      onClose={() => {
        if (!frame.saving) actor.send({ type: 'CLOSE' });
      }}
      title={CREATE_USER_TITLE}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={!frame.saving}
      withCloseButton={!frame.saving}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Stepper active={frame.step} size="sm" allowNextStepsSelect={false}>
          {CREATE_USER_STEPS.map((label) => (
            <Stepper.Step key={label} label={label} allowStepSelect={false} />
          ))}
        </Stepper>
        <FlowAlert alert={frame.alert ?? documentsAlert} onDismiss={() => actor.send({ type: 'DISMISS_ALERT' })} />

        {frame.stage === 'details' && <DetailsSection actor={actor} audience={audience} formContext={formContext} userId={session?.userId ?? null} />}
        {frame.stage === 'documents' && <DocumentsSection actor={actor} />}
        {frame.stage === 'review' && <ReviewSection actor={actor} formContext={formContext} frame={frame} />}
      </Stack>
    </Modal>
  );
}

/** Step 1: re-renders when the machine's field errors change, not on each keystroke (the form holds what is typed). */
function DetailsSection({ actor, audience, formContext, userId }: { actor: WizardActor; audience: Audience; formContext: RuleContext; userId: string | null }) {
  const errors = useSelector(actor, (snapshot) => snapshot.context.detailErrors, sameFields<FieldErrors>);
  const { details, creatorRole, requiresGroup } = actor.getSnapshot().context;
  return (
    <DetailsStep
      audience={audience}
      context={formContext}
      details={details}
      errors={errors}
      creatorRole={creatorRole}
      requiresGroup={requiresGroup}
      userId={userId}
      onChange={(values) => {
        // The form reports its defaults when it (re)mounts; that is no edit and keeps the gateway's field errors.
        if (!sameDetails(values, actor.getSnapshot().context.details)) actor.send({ type: 'CHANGE_DETAILS', values });
      }}
      onNext={(values) => {
        actor.send({ type: 'CHANGE_DETAILS', values });
        actor.send({ type: 'NEXT' });
      }}
      onCancel={() => actor.send({ type: 'CLOSE' })}
    />
  );
}

function DocumentsSection({ actor }: { actor: WizardActor }) {
  const snapshot = useSelector(actor, (current) => current);
  const documents = useSelector(snapshot.context.documents, (documentsSnapshot) => documentsSnapshot.context);
  const { send } = actor;
  return (
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
  );
}

function ReviewSection({ actor, formContext, frame }: { actor: WizardActor; formContext: RuleContext; frame: WizardFrame }) {
  const snapshot = useSelector(actor, (current) => current);
  const documents = useSelector(snapshot.context.documents, (documentsSnapshot) => documentsSnapshot.context);
  const { send } = actor;
  return (
    <Stack>
      <ReviewStep snapshot={snapshot} documents={documents} formContext={formContext} />
      {frame.loadingText && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{frame.loadingText}</Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => send({ type: 'BACK' })} disabled={frame.saving}>
          Back
        </Button>
        <Button onClick={() => send({ type: 'FINISH' })} loading={frame.saving}>
          {CREATE_USER_TEXT.finish}
        </Button>
      </Group>
    </Stack>
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
