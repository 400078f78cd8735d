// Kept beside the resource layer: the answer is a PDF, read as a blob and saved as a file.
// GET api/v1/upt/transaction/pdf (getUptTransactionPdf, the configured URI): the universal payment transactions of the
// table's filters and range as a PDF, saved as UPT_{start}_{end}.pdf (remittances-and-payouts §7, §9).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { downloadBlob } from '../../../render/export';

export type UptPdfQuery = operations['getUptTransactionPdf']['parameters']['query'];

export function uptPdfFileName(startDate: string, endDate: string): string {
  return `UPT_${startDate}_${endDate}.pdf`;
}

export async function fetchUptPdf(query: UptPdfQuery, signal?: AbortSignal): Promise<Blob> {
  return unwrap(await api.GET('/api/v1/upt/transaction/pdf', { params: { query }, parseAs: 'blob', signal }));
}

/** Fetches the PDF and starts its download; the caller shows a failure (errorText). */
export function useUptPdf(save: (blob: Blob, fileName: string) => void = downloadBlob) {
  return useMutation({
    mutationFn: async (query: UptPdfQuery) => {
      const blob = await fetchUptPdf(query);
      save(blob, uptPdfFileName(query['filter[startDate]'], query['filter[endDate]']));
    },
  });
}
