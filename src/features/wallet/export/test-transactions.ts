// Report rows for the export's tests: realistic, deterministic wallet transactions as the gateway sends them.
import type { WalletTransaction } from './transaction-columns';

const TYPES = [
  { code: 1, name: 'Top Up', service: 'Wave' },
  { code: 2, name: 'P2P', service: null },
  { code: 4, name: 'Request Money', service: 'Request Money' },
  { code: 32, name: 'Loan', service: 'Loan' },
  { code: 256, name: 'Cash Out', service: 'Agent Cash Out' },
] as const;
const STATUSES = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'PENDING', 'FAILED', 'PROCESSING'] as const;
const NAMES = ['Awa Jallow', 'Lamin Ceesay', 'Fatou Sanneh', 'Ousman Touray', 'Mariama Bah', 'Ebrima Njie', 'Isatou Camara'];

export function testTransaction(index: number, overrides: Partial<WalletTransaction['attributes']> = {}): WalletTransaction {
  const type = TYPES[index % TYPES.length] ?? TYPES[0];
  const minor = 100 + ((index * 7_919) % 2_500_000);
  const created = new Date(Date.UTC(2025, 2, 1, 8, 0, 0) + index * 61_000).toISOString();
  return {
    type: 'wallettransaction',
    id: String(index + 1),
    attributes: {
      referenceNumber: `WT${String(index + 1).padStart(10, '0')}`,
      type: type.code,
      typeName: type.name,
      serviceName: type.service,
      amount: (minor / 100).toFixed(2),
      fee: ((minor % 500) / 100).toFixed(2),
      currency: 'GMD',
      status: STATUSES[index % STATUSES.length] ?? 'COMPLETED',
      senderName: type.code === 2 ? (NAMES[(index + 3) % NAMES.length] ?? null) : 'Partner Admin',
      senderUserId: null,
      receiverName: NAMES[index % NAMES.length] ?? 'Awa Jallow',
      receiverUserId: String(1000 + (index % 500)),
      remarks: index % 4 === 0 ? null : `Payment #${index} for school fees & rent`,
      externalId: type.code === 32 ? `LN-${index}` : null,
      created,
      ...overrides,
    },
  };
}

export function testTransactions(count: number, from = 0): WalletTransaction[] {
  return Array.from({ length: count }, (_, i) => testTransaction(from + i));
}
