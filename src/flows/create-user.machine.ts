// users-and-wallets §4 create-user wizard: 'Create User Details' → 'Upload Document(s)' → 'Review Page' →
// 'Finish & Save' (create the user, then store its document). The §5 field rules come from the create-user form's
// precompiled validator (injected); the §6 role and group rules from ./user-rules.ts. The document step and its upload
// are uploadDocumentsMachine, a child actor ('documents') that lives as long as the wizard, so its data survives BACK.
import { assign, enqueueActions, fromPromise, not, sendTo, setup, type ActorRefFrom, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import type { components } from '../api/gateway';
import { CONNECTION_ERROR, errorText, fieldErrorsOf } from './failures';
import type { RandomSource } from './document-files';
import {
  isDocumentReady,
  uploadDocumentsMachine,
  type DocumentFields,
  type FieldErrors,
  type FlowAlert,
  type UploadDocumentsContext,
  type UploadDocumentsOutput,
  type UploadDocumentsSnapshot,
} from './upload-documents.machine';
import { groupRuleFor, isAdminRole, roleChoices, type Audience } from './user-rules';

type Schemas = components['schemas'];
export type CreateAdminAttributes = Schemas['CreateAdminAttributes'];
export type CreateEndUserAttributes = Schemas['CreateEndUserAttributes'];

/** createAdmin (POST um/user) for admins, createEndUser (POST um/pendingUser) for end users. */
export type CreateUserInput =
  | { audience: 'admin'; attributes: CreateAdminAttributes }
  | { audience: 'endUser'; attributes: CreateEndUserAttributes };

export interface CreatedUser {
  id: string;
}

export const CREATE_USER_STEPS = ['Create User Details', 'Upload Document(s)', 'Review Page'] as const;

export const CREATE_USER_TEXT = {
  finish: 'Finish & Save',
  created: 'Successfully created user.',
  roleRequired: 'Please select a role',
  groupRequired: 'Please select a Credit Union',
  // The create-user form's message; the spec quotes none for gender.
  genderRequired: 'Please select gender',
} as const;

/** A Finish & Save that has not answered by then is treated as a connection failure. */
export const CREATE_TIMEOUT_MS = 30_000;

/** The create-user form's values (schemas/forms/create-user.json), field by field as the form holds them. */
export type UserDetails = Readonly<Record<string, unknown>>;

/** createAdmin (POST um/user) for the admins list, createEndUser (POST um/pendingUser) for the users list. */
export type CreateUserOperation = 'createAdmin' | 'createEndUser';

/** The request attributes the create-user form's values make for an operation (its file's submit binding). */
export type DetailsToAttributes = (details: UserDetails, operation: CreateUserOperation) => Record<string, unknown>;

export interface CreateUserRules {
  audience: Audience;
  creatorRole: number;
  /** The tenant has the Credit Union group (`tenantAsksGroup(tenant)`: the main or the credit-union tenant). */
  requiresGroup: boolean;
}

export type CreateUserRequestResult = { request: CreateUserInput; errors?: undefined } | { request?: undefined; errors: FieldErrors };

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The create call for these details, or the §6 errors that block it: a role outside the creator's choices, a missing
 * group where one is required. Roles 4 and 16 get group 0. Every other attribute is the form's, as its binding sends
 * it (`toAttributes`); the field rules are the form validator's.
 */
export function createUserRequest(details: UserDetails, rules: CreateUserRules, toAttributes: DetailsToAttributes): CreateUserRequestResult {
  const errors: FieldErrors = {};
  const role = numberOf(details.role);
  if (role === undefined || !roleChoices(rules.creatorRole, rules.audience).some((choice) => choice === role)) {
    errors.role = CREATE_USER_TEXT.roleRequired;
  }
  const groupRule = groupRuleFor(role, rules.requiresGroup);
  let group: number | undefined = groupRule.value;
  if (groupRule.asked) {
    const chosen = numberOf(details.group);
    if (chosen !== undefined && chosen > 0) group = chosen;
    else errors.group = CREATE_USER_TEXT.groupRequired;
  }
  if (details.gender !== 'Male' && details.gender !== 'Female') errors.gender = CREATE_USER_TEXT.genderRequired;
  if (Object.keys(errors).length > 0) return { errors };

  const operation: CreateUserOperation = rules.audience === 'admin' ? 'createAdmin' : 'createEndUser';
  const { group: _asEntered, ...attributes } = toAttributes(details, operation);
  const common = { ...attributes, ...(group === undefined ? {} : { group }) };
  // check:config holds the form's binding to the contract's CreateAdminAttributes and CreateEndUserAttributes.
  if (rules.audience === 'admin' && isAdminRole(role)) {
    return { request: { audience: 'admin', attributes: { ...common, role } as CreateAdminAttributes } };
  }
  if (rules.audience === 'endUser' && role === 256) {
    return { request: { audience: 'endUser', attributes: { ...common, role } as CreateEndUserAttributes } };
  }
  return { errors: { role: CREATE_USER_TEXT.roleRequired } };
}

export interface CreateUserWizardInput extends CreateUserRules {
  tenantId: string | null;
  /** The create-user form's precompiled validator: field path → message, {} when valid. */
  validateDetails: (details: UserDetails) => FieldErrors;
  /** The create-user form's request attributes (requestAttributes of src/render/form/request-body.ts). */
  toAttributes: DetailsToAttributes;
  /** The document-upload form's precompiled validator. */
  validateDocument?: (fields: DocumentFields) => FieldErrors;
  random?: RandomSource;
}

export interface CreateUserContext extends CreateUserRules {
  tenantId: string | null;
  details: UserDetails;
  /** Step 1 messages: the validator's after a NEXT, or the gateway's field errors. */
  detailErrors: FieldErrors;
  /** The wizard's own alert (the create call's failures); the document's are the child's (`documentsOf`). */
  alert: FlowAlert | null;
  /** Set once the gateway created the user: a retry then only uploads. */
  createdUserId: string | null;
  /** Step 2 and the upload: the document, its files, their messages and the upload's outcome. */
  documents: ActorRefFrom<typeof uploadDocumentsMachine>;
  validateDetails: (details: UserDetails) => FieldErrors;
  toAttributes: DetailsToAttributes;
}

export type CreateUserEvent =
  | { type: 'CHANGE_DETAILS'; values: UserDetails }
  | { type: 'CHANGE_DOCUMENT'; values: Partial<DocumentFields> }
  | { type: 'ADD_FILES'; files: readonly File[] }
  | { type: 'REMOVE_FILE'; name: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'FINISH' }
  | { type: 'DISMISS_ALERT' }
  | { type: 'CLOSE' };

/** What the documents child reports: each change of its snapshot, and its end once the document is stored. */
type DocumentsEvent =
  | { type: 'xstate.snapshot.documents'; snapshot: UploadDocumentsSnapshot }
  | DoneActorEvent<UploadDocumentsOutput, 'documents'>;

export interface CreateUserOutput {
  userId: string | null;
  /** The list needs a refresh: a user was created (even if its document upload then failed). */
  refreshNeeded: boolean;
}

function detailErrorsOf(context: CreateUserContext): FieldErrors {
  const fromForm = context.validateDetails(context.details);
  const fromRules = createUserRequest(context.details, context, context.toAttributes).errors ?? {};
  return { ...fromRules, ...fromForm };
}

function requireRequest(context: CreateUserContext): CreateUserInput {
  const result = createUserRequest(context.details, context, context.toAttributes);
  if (!result.request) throw new Error('createUserMachine: Finish & Save ran with invalid details; NEXT from step 1 must validate them');
  return result.request;
}

/** The create call's field errors (e.g. `/data/attributes/email` already in use): its body is step 1's. */
function detailFieldErrors(error: unknown): FieldErrors {
  return fieldErrorsOf(error);
}

export const createUserMachine = setup({
  types: {
    context: {} as CreateUserContext,
    events: {} as CreateUserEvent | DocumentsEvent,
    input: {} as CreateUserWizardInput,
    output: {} as CreateUserOutput,
    tags: {} as 'busy',
  },
  actors: {
    createUser: fromPromise<CreatedUser, CreateUserInput>(() =>
      Promise.reject(new Error('createUserMachine: provide the "createUser" actor')),
    ),
    /** Provided with its upload: `documents: uploadDocumentsMachine.provide({ actors: { uploadDocuments } })`. */
    documents: uploadDocumentsMachine,
  },
  delays: {
    createTimeout: CREATE_TIMEOUT_MS,
  },
  guards: {
    detailsValid: ({ context }) => Object.keys(detailErrorsOf(context)).length === 0,
    documentReady: ({ context }) => isDocumentReady(context.documents.getSnapshot()),
    userCreated: ({ context }) => context.createdUserId !== null,
    hasDetailFieldErrors: (_, params: { error: unknown }) => Object.keys(detailFieldErrors(params.error)).length > 0,
    uploadFailed: (_, params: { snapshot: UploadDocumentsSnapshot }) => params.snapshot.matches('error'),
  },
  actions: {
    /** The UI shows the toast (src/render/notify.ts); a no-op until provided. */
    notifySuccess: (_, _params: { text: string }) => {},
    changeDetails: assign(({ context }, params: { values: UserDetails }) => {
      const next = { ...context, details: params.values };
      const shown = Object.keys(context.detailErrors).length > 0;
      return { details: params.values, detailErrors: shown ? detailErrorsOf(next) : context.detailErrors };
    }),
    showDetailErrors: assign(({ context }) => ({ detailErrors: detailErrorsOf(context) })),
    changeDocument: sendTo(({ context }) => context.documents, (_, params: { values: Partial<DocumentFields> }) => ({
      type: 'CHANGE' as const,
      values: params.values,
    })),
    addFiles: sendTo(({ context }) => context.documents, (_, params: { files: readonly File[] }) => ({
      type: 'ADD_FILES' as const,
      files: params.files,
    })),
    removeFile: sendTo(({ context }) => context.documents, (_, params: { name: string }) => ({
      type: 'REMOVE_FILE' as const,
      name: params.name,
    })),
    /** The child shows what blocks the step: 'Attachment Required!' or the fields' messages. */
    checkDocument: sendTo(({ context }) => context.documents, { type: 'VALIDATE' }),
    upload: sendTo(({ context }) => context.documents, ({ context }) => ({ type: 'UPLOAD' as const, userId: context.createdUserId ?? '' })),
    hideMessages: assign({ alert: null, detailErrors: {} }),
    leaveStep: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ alert: null, detailErrors: {} });
      enqueue.sendTo(context.documents, { type: 'CLEAR_MESSAGES' });
    }),
    storeCreated: assign((_, params: { user: CreatedUser }) => ({ createdUserId: params.user.id })),
    showError: assign((_, params: { error: unknown }) => ({
      alert: { severity: 'error' as const, text: errorText(params.error) },
    })),
    showFieldErrors: assign((_, params: { error: unknown }) => ({
      alert: { severity: 'error' as const, text: errorText(params.error) },
      detailErrors: detailFieldErrors(params.error),
    })),
    showTimeout: assign({ alert: { severity: 'error', text: CONNECTION_ERROR } }),
    dismissAlert: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ alert: null });
      enqueue.sendTo(context.documents, { type: 'DISMISS_ALERT' });
    }),
  },
}).createMachine({
  id: 'createUser',
  context: ({ input, spawn }) => ({
    audience: input.audience,
    creatorRole: input.creatorRole,
    requiresGroup: input.requiresGroup,
    tenantId: input.tenantId,
    details: input.audience === 'endUser' ? { role: 256 } : {},
    detailErrors: {},
    alert: null,
    createdUserId: null,
    documents: spawn('documents', {
      id: 'documents',
      // Its snapshots come as events, so the wizard sees a failed upload.
      syncSnapshot: true,
      input: {
        ...(input.validateDocument ? { validateDocument: input.validateDocument } : {}),
        ...(input.random ? { random: input.random } : {}),
      },
    }),
    validateDetails: input.validateDetails,
    toAttributes: input.toAttributes,
  }),
  initial: 'details',
  on: {
    CLOSE: '.closed',
    DISMISS_ALERT: { actions: 'dismissAlert' },
  },
  states: {
    details: {
      on: {
        CHANGE_DETAILS: { actions: { type: 'changeDetails', params: ({ event }) => ({ values: event.values }) } },
        // users-and-wallets §4: step 1 advances only when the form has no validation errors.
        NEXT: [{ guard: 'detailsValid', target: 'documents', actions: 'leaveStep' }, { actions: 'showDetailErrors' }],
      },
    },
    documents: {
      on: {
        CHANGE_DOCUMENT: { actions: { type: 'changeDocument', params: ({ event }) => ({ values: event.values }) } },
        ADD_FILES: { actions: { type: 'addFiles', params: ({ event }) => ({ files: event.files }) } },
        REMOVE_FILE: { actions: { type: 'removeFile', params: ({ event }) => ({ name: event.name }) } },
        NEXT: [{ guard: 'documentReady', target: 'review', actions: 'leaveStep' }, { actions: 'checkDocument' }],
        // The details cannot change once the user exists.
        BACK: { guard: not('userCreated'), target: 'details', actions: 'leaveStep' },
      },
    },
    review: {
      on: {
        FINISH: [{ guard: 'userCreated', target: 'saving.uploading' }, { target: 'saving' }],
        BACK: { target: 'documents', actions: 'leaveStep' },
      },
    },
    saving: {
      tags: 'busy',
      // Not the child's messages: it clears them as its upload starts, and a change now would read as its old outcome.
      entry: 'hideMessages',
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            src: 'createUser',
            input: ({ context }) => requireRequest(context),
            onDone: {
              target: 'uploading',
              actions: { type: 'storeCreated', params: ({ event }) => ({ user: event.output }) },
            },
            onError: [
              {
                guard: { type: 'hasDetailFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: '#createUser.details',
                actions: { type: 'showFieldErrors', params: ({ event }) => ({ error: event.error }) },
              },
              { target: '#createUser.review', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
          // Creating is not idempotent, but the gateway refuses a second user with the same e-mail or phone (409).
          after: { createTimeout: { target: '#createUser.review', actions: 'showTimeout' } },
        },
        uploading: {
          entry: 'upload',
          on: {
            'xstate.done.actor.documents': {
              target: '#createUser.done',
              actions: { type: 'notifySuccess', params: { text: CREATE_USER_TEXT.created } },
            },
            // The user exists now: the alert is the child's, and FINISH retries only the upload.
            'xstate.snapshot.documents': {
              guard: { type: 'uploadFailed', params: ({ event }) => ({ snapshot: event.snapshot }) },
              target: '#createUser.review',
            },
          },
        },
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ userId: context.createdUserId, refreshNeeded: context.createdUserId !== null }),
});

export type CreateUserSnapshot = SnapshotFrom<typeof createUserMachine>;

/** For the stepper: 0 details, 1 documents, 2 review, 3 once Finish & Save runs. */
export function wizardStep(snapshot: CreateUserSnapshot): number {
  if (snapshot.matches('details')) return 0;
  if (snapshot.matches('documents')) return 1;
  if (snapshot.matches('review')) return 2;
  return 3;
}

export function isSaving(snapshot: CreateUserSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The role choices for the step 1 select (§6). */
export function wizardRoleChoices(snapshot: CreateUserSnapshot): number[] {
  return roleChoices(snapshot.context.creatorRole, snapshot.context.audience);
}

/** Whether step 1 asks for the group for the role chosen so far (§6: roles 4 and 16 get 0). */
export function asksGroup(snapshot: CreateUserSnapshot): boolean {
  return groupRuleFor(numberOf(snapshot.context.details.role), snapshot.context.requiresGroup).asked;
}

/** The document step's state: fields, files, their messages, the document's alert (the upload's failure too). */
export function documentsOf(snapshot: CreateUserSnapshot): UploadDocumentsContext {
  return snapshot.context.documents.getSnapshot().context;
}
