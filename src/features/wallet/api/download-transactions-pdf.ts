// Kept beside the resource layer: the answer is a PDF blob (parseAs blob), saved under its file name.
// GET api/v1/wt/transactions/pdf (getTransactionPdf): the transactions of a date range as a PDF, saved as
// Transactions_{start}_{end}.pdf (users-and-wallets §7, remittances-and-payouts §7).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { downloadBlob } from '../../../render/export';

export type TransactionPdfQuery = operations['getTransactionPdf']['parameters']['query'];

export function transactionsPdfFileName(startDate: string, endDate: string): string {
  return `Transactions_${startDate}_${endDate}.pdf`;
}

export async function fetchTransactionsPdf(query: TransactionPdfQuery, signal?: AbortSignal): Promise<Blob> {
  return unwrap(await api.GET('/api/v1/wt/transactions/pdf', { params: { query }, parseAs: 'blob', signal }));
}

/** Fetches the PDF and starts its download; the caller shows a failure (errorText). */
export function useTransactionsPdf(save: (blob: Blob, fileName: string) => void = downloadBlob) {
  return useMutation({
    mutationFn: async (query: TransactionPdfQuery) => {
      const blob = await fetchTransactionsPdf(query);
      save(blob, transactionsPdfFileName(query['filter[startDate]'], query['filter[endDate]']));
    },
  });
}
