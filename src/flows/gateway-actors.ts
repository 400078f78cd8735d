// The flows' calls on the real gateway, through the one typed client (STYLE §4). The UI provides them:
// `topUpMachine.provide({ actors: topUpGatewayActors, actions: { notifySuccess } })`; tests provide fakes instead.
import { fromPromise } from 'xstate';
import { api, unwrap } from '../api/client';
import type { CreateUserInput, CreatedUser } from './create-user.machine';
import type {
  ConfirmTransactionInput,
  CreateTransactionInput,
  ResendOtpInput,
  WalletTransaction,
} from './top-up.machine';
import type { UploadDocumentsInput, UploadedDocument } from './upload-documents.machine';

type TransactionResource = { id: string; attributes: Omit<WalletTransaction, 'id'> };

const flatten = (resource: TransactionResource): WalletTransaction => ({ id: resource.id, ...resource.attributes });

export const createWalletTransaction = fromPromise<WalletTransaction, CreateTransactionInput>(async ({ input, signal }) => {
  const document = unwrap(
    await api.POST('/api/v1/wallet-transactions', {
      params: { header: { 'Idempotency-Key': input.idempotencyKey } },
      body: { data: { type: 'wallettransaction', attributes: input.attributes } },
      signal,
    }),
  );
  return flatten(document.data);
});

export const confirmWalletTransaction = fromPromise<WalletTransaction, ConfirmTransactionInput>(async ({ input, signal }) => {
  const document = unwrap(
    await api.PATCH('/api/v1/wallet-transactions/{id}', {
      params: { path: { id: input.id } },
      body: { data: { type: 'wallettransaction', id: input.id, attributes: { Otp: input.otp } } },
      signal,
    }),
  );
  return flatten(document.data);
});

export const resendWalletTransactionOtp = fromPromise<void, ResendOtpInput>(async ({ input, signal }) => {
  unwrap(await api.GET('/api/v1/wallet-transaction-otp/{id}', { params: { path: { id: input.id } }, signal }));
});

export const createUser = fromPromise<CreatedUser, CreateUserInput>(async ({ input, signal }) => {
  const document =
    input.audience === 'admin'
      ? unwrap(await api.POST('/api/v1/um/user', { body: { data: { type: 'User', attributes: input.attributes } }, signal }))
      : unwrap(
          await api.POST('/api/v1/um/pendingUser', { body: { data: { type: 'User', attributes: input.attributes } }, signal }),
        );
  return { id: document.data.id };
});

export const uploadDocuments = fromPromise<UploadedDocument, UploadDocumentsInput>(async ({ input, signal }) => {
  const { document } = input;
  const form = new FormData();
  form.append('documentType', document.documentType);
  form.append('documentNumber', document.documentNumber);
  if (document.expiryDate !== undefined) form.append('expiryDate', document.expiryDate);
  for (const file of document.files) form.append('files', file, file.name);
  const result = await api.POST('/api/v1/fs/documents/{userId}', {
    params: { path: { userId: input.userId } },
    // The contract types binary parts as strings; the serializer sends the real files instead of this body.
    body: { documentType: document.documentType, documentNumber: document.documentNumber, files: [] },
    bodySerializer: () => form,
    signal,
  });
  return unwrap(result).data;
});

export const topUpGatewayActors = {
  createTransaction: createWalletTransaction,
  confirmTransaction: confirmWalletTransaction,
  resendOtp: resendWalletTransactionOtp,
};

export const createUserGatewayActors = { createUser, uploadDocuments };

export const uploadDocumentsGatewayActors = { uploadDocuments };
