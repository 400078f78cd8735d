// Kept beside the resource layer: the answer is a PDF, read as a blob and saved as a file.
// GET api/v1/remittance/pdf (getRemittancePdf): the payout PDF of the table's filters and range, saved as
// Transactions_{start}_{end}.pdf (remittances-and-payouts §2 Export, §9).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { downloadBlob } from '../../../render/export';
import { payoutPdfFileName } from '../export/report';

export type RemittancePdfQuery = operations['getRemittancePdf']['parameters']['query'];

export async function fetchRemittancePdf(query: RemittancePdfQuery, signal?: AbortSignal): Promise<Blob> {
  return unwrap(await api.GET('/api/v1/remittance/pdf', { params: { query }, parseAs: 'blob', signal }));
}

/** Fetches the PDF and starts its download; the caller shows a failure (errorText). */
export function useRemittancePdf(save: (blob: Blob, fileName: string) => void = downloadBlob) {
  return useMutation({
    mutationFn: async (query: RemittancePdfQuery) => {
      const blob = await fetchRemittancePdf(query);
      save(blob, payoutPdfFileName(query['filter[startDate]'], query['filter[endDate]']));
    },
  });
}
