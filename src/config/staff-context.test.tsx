import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore, type StaffSession } from '../api/session';
import { useOptionalStaffContext } from './staff-context';

function session(tenantId: string, roles: number[]): StaffSession {
  return { userId: '9', email: 'staff@demo.test', accessToken: 'token', roles, tenantId, claim: tenantId, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 };
}

function signInAs(tenantId: string, roles: number[]) {
  sessionStore.signIn(session(tenantId, roles));
}

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('the staff context', () => {
  beforeEach(() => sessionStorage.clear());

  it('[RP-6.01] makes a payout admin of role 4 in a remittance operator tenant', () => {
    signInAs('tawakal-swift', [4]);
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.ruleContext.payoutAdmin).toBe(true);
  });

  it('[RP-6.01] does not make a payout admin of a field officer (64) in that tenant, as the gateway does not', () => {
    signInAs('tawakal-swift', [64]);
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.ruleContext.payoutAdmin).toBe(false);
  });

  it('[RP-6.01] does not make a payout admin of role 4 in a tenant that is not a remittance operator', () => {
    signInAs('teller', [4]);
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.ruleContext.payoutAdmin).toBe(false);
  });

  it('[IC-5.04] gives a chosen tenant made on the Control Panel (no tenants/<id>.json) its name and the menu of its type', () => {
    signInAs('dssc', [4]);
    sessionStore.selectTenant({ id: 'kombo-savings', name: 'Kombo Savings', type: 'wallet', accessToken: 'kombo-token' });
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.tenant).toMatchObject({ id: 'kombo-savings', name: 'Kombo Savings', type: 'wallet' });
    expect(result.current?.menu?.id).toBe('wallet');
    // IC-2.73: the wallet type menu, first item /dashboard.
    expect(result.current?.menu?.items[0]?.route).toBe('/dashboard');
  });

  it('[IC-5.04] gives a staff member of a tenant made on the Control Panel (no tenants/<id>.json) its name and the menu of its type', () => {
    sessionStore.signIn({ ...session('kombo-savings', [4]), tenantName: 'Kombo Savings', tenantType: 'wallet' });
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.tenant).toMatchObject({ id: 'kombo-savings', name: 'Kombo Savings', type: 'wallet' });
    expect(result.current?.menu?.id).toBe('wallet');
    // IC-2.73: the wallet type menu, first item /dashboard.
    expect(result.current?.menu?.items[0]?.route).toBe('/dashboard');
  });

  it('keeps the menu of a home tenant\'s file, whatever type the session names', () => {
    sessionStore.signIn({ ...session('naccug', [4]), tenantName: 'NACCUG', tenantType: 'wallet' });
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.menu?.id).toBe('credit-union');
  });

  it('gives no menu, and does not fail, to a stored session of an older build that names no type for a home tenant without a file', () => {
    sessionStore.signIn(session('kombo-savings', [4]));
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.tenant).toBeNull();
    expect(result.current?.menu).toBeNull();
  });

  it('a chosen tenant of a file keeps the menu its file names', () => {
    signInAs('dssc', [4]);
    sessionStore.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
    const { result } = renderHook(() => useOptionalStaffContext(), { wrapper });
    expect(result.current?.menu?.id).toBe('credit-union');
  });
});
