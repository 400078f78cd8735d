import { describe, expect, it } from 'vitest';
import { config } from '../../config';
import { ruleContext, type RuleContext } from '../../config/rules';
import { walletShows as walletShowsIn, type WalletPart } from './wallet-rules';

const walletShows = (part: WalletPart, ctx: RuleContext) => walletShowsIn(part, ctx, config);

describe('wallet rules', () => {
  it('[UW-6.21] the PDF export is offered for wallet-type tenants', () => {
    expect(walletShows('pdfExport', ruleContext({ tenant: 'teller', tenantType: 'wallet' }))).toBe(true);
    expect(walletShows('pdfExport', ruleContext({ tenant: 'naccug', tenantType: 'wallet' }))).toBe(true);
  });

  it('[UW-6.21] the PDF export is offered when no tenant is picked', () => {
    expect(walletShows('pdfExport', ruleContext({ tenant: null, tenantType: null }))).toBe(true);
    // The top admin with no pick works in the admin tenant's own identity context.
    expect(walletShows('pdfExport', ruleContext({ tenant: 'dssc', tenantType: 'identity', isAdminTenant: true }))).toBe(true);
  });

  it('[UW-6.21] the PDF export is not offered for other tenant types', () => {
    for (const tenantType of ['payin', 'payout', 'payinpayoutservice', 'bunna'] as const) {
      expect(walletShows('pdfExport', ruleContext({ tenant: 'x', tenantType, isAdminTenant: true }))).toBe(false);
    }
  });
});
