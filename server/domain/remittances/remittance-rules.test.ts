// Remittance rules without a gateway (remittances-and-payouts §4, §6): reprocessable rows per tenant kind, the
// payout admin rule, references with partner ids, rates.
import { describe, expect, it } from 'vitest';
import type { Session } from '../auth/tokens.ts';
import { demoBankCode } from '../../seed/remittances.ts';
import { formatRate, rateToMicro } from './rows.ts';
import { bankReference, isPayoutAdmin, isReprocessable, partnerOf, reissuedExternalId, type OperatorTenant } from './rules.ts';

const LISTED = [
  'Processing',
  'Re-Processing',
  'Timeout waiting for response from destination',
  'Beneficiary Bank not available',
  'No action taken',
  'Unable to locate record',
  'System malfunction',
  'null',
  'Approved or completed successfully',
  'Cancelled -',
  'Request processing in progress',
  'TRANSACTION REFERENCE EXISTS',
  'PENDING',
];

describe('reprocessable rows (RP §4)', () => {
  it('[RP-4.04] first tenant group (bunna): statusId 4 or 128 with Processing, Timeout… or Beneficiary Bank not available', () => {
    for (const statusId of [4, 128]) {
      for (const text of ['Processing', 'Timeout waiting for response from destination', 'Beneficiary Bank not available']) {
        expect(isReprocessable('bunna', statusId, text), `${statusId} ${text}`).toBe(true);
      }
      expect(isReprocessable('bunna', statusId, 'Re-Processing')).toBe(false);
      expect(isReprocessable('bunna', statusId, 'PENDING')).toBe(false);
    }
    expect(isReprocessable('bunna', 2, 'Processing')).toBe(false);
    expect(isReprocessable('bunna', 256, 'Processing')).toBe(false);
  });

  it('[RP-4.05] [RP-4.06] [RP-4.03] payin, payout and payinpayoutservice tenants: statusId 2, 4, 128 or 256 with any listed text', () => {
    for (const type of ['payin', 'payout', 'payinpayoutservice'] as const) {
      for (const statusId of [2, 4, 128, 256]) {
        for (const text of LISTED) expect(isReprocessable(type, statusId, text), `${type} ${statusId} ${text}`).toBe(true);
      }
      expect(isReprocessable(type, 0, 'Processing')).toBe(false);
      expect(isReprocessable(type, 64, 'Processing')).toBe(false);
      expect(isReprocessable(type, 128, 'Cancelled - Duplicate payment')).toBe(false);
      expect(isReprocessable(type, 256, 'Successful')).toBe(false);
      // Exact texts: case matters.
      expect(isReprocessable(type, 4, 'processing')).toBe(false);
    }
  });

  it('[RP-4.07] compares the status text trimmed', () => {
    expect(isReprocessable('payout', 4, '  Processing ')).toBe(true);
    expect(isReprocessable('bunna', 128, ' Beneficiary Bank not available\t')).toBe(true);
  });

  it('has no reprocessable rows in wallet, identity tenants', () => {
    expect(isReprocessable('wallet', 4, 'Processing')).toBe(false);
    expect(isReprocessable('identity', 4, 'Processing')).toBe(false);
  });
});

describe('the payout admin (RP §6)', () => {
  const operator: OperatorTenant = { id: 'tawakal-swift', type: 'payout', payoutAdmin: true, claim: 'tawakal-swift', payoutAccount: '5400012345' };
  const session = (over: Partial<Session> = {}): Session => ({ userId: 1, roles: [4], tenantId: 'tawakal-swift', claim: 'tawakal-swift', tenantType: 'payout', sessionId: 'test-session', ...over });

  it('[RP-6.05] is the payout admin role in a remittance operator tenant, the claim compared case-insensitively', () => {
    expect(isPayoutAdmin(session(), operator)).toBe(true);
    expect(isPayoutAdmin(session({ claim: 'Tawakal-SWIFT' }), operator)).toBe(true);
  });

  it('[RP-6.06] [RP-6.07] is not: another role, a tenant outside the operators, another claim', () => {
    expect(isPayoutAdmin(session({ roles: [64] }), operator)).toBe(false);
    expect(isPayoutAdmin(session({ roles: [16] }), operator)).toBe(false);
    expect(isPayoutAdmin(session(), { ...operator, payoutAdmin: false })).toBe(false);
    expect(isPayoutAdmin(session({ claim: 'ss-swift' }), operator)).toBe(false);
    expect(isPayoutAdmin(session({ tenantId: 'ss-swift' }), operator)).toBe(false);
  });
});

describe('references and rates', () => {
  it('[RP-3.02] splits a payoutExternalId at its pipe into the bank reference and the partner id', () => {
    expect(bankReference('TS240301000451|AMX')).toBe('TS240301000451');
    expect(partnerOf('TS240301000451|AMX')).toBe('AMX');
    expect(bankReference('TS240301000451')).toBe('TS240301000451');
    expect(partnerOf('TS240301000451')).toBeNull();
  });

  it('[RP-4.11] re-issues a reference as the original followed by A, keeping the partner id', () => {
    expect(reissuedExternalId('TS240301000456')).toBe('TS240301000456A');
    expect(reissuedExternalId('TS240301000456|AMX')).toBe('TS240301000456A|AMX');
  });

  it('formats rates with 2 to 6 decimals', () => {
    expect(formatRate(1_520_350_000)).toBe('1520.35');
    expect(formatRate(1_234_567)).toBe('1.234567');
    expect(formatRate(0)).toBe('0.00');
    expect(rateToMicro('1520.35')).toBe(1_520_350_000);
  });

  it('the demo bank holds a reference by its last digit: 0–2 paid, 3–5 nothing, 6–7 32, 8 96, 9 91; a 256 row paid', () => {
    expect(['TS1', 'TS2', 'TS3', 'TS4', 'TS5', 'TS6', 'TS7', 'TS8', 'TS9', 'TS0'].map((reference) => demoBankCode(128, reference))).toEqual([
      '00', '00', null, null, null, '32', '32', '96', '91', '00',
    ]);
    expect(demoBankCode(256, 'TS5')).toBe('00');
    expect(demoBankCode(4, 'TS6|AMX')).toBe('32');
    expect(demoBankCode(4, 'TS6A')).toBeNull();
  });
});
