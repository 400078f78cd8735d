import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore, type StaffSession } from '../api/session';
import { evaluateRule } from '../config';
import { useOptionalStaffContext } from '../config/staff-context';
import { controlPanelRule } from './control-panel';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

function signedIn(session: Pick<StaffSession, 'tenantId' | 'claim' | 'adminTenant'>) {
  sessionStore.signIn({ userId: '9', email: 'staff@demo.test', accessToken: 'token', roles: [4], expiresAt: Date.now() + 3_600_000, ...session });
  return renderHook(() => useOptionalStaffContext(), { wrapper }).result.current;
}

describe('the Control Panel entry', () => {
  beforeEach(() => sessionStorage.clear());

  it('follows the sign-in answer’s adminTenant, not the claim (regression: a copy of the admin tenant that kept the claim dssc got the Control Panel)', () => {
    const copycat = signedIn({ tenantId: 'copycat', claim: 'dssc', adminTenant: false });
    expect(copycat?.isAdminTenant).toBe(false);
    expect(copycat && evaluateRule(controlPanelRule, copycat.ruleContext)).toBe(false);

    const admin = signedIn({ tenantId: 'dssc', claim: 'dssc', adminTenant: true });
    expect(admin?.isAdminTenant).toBe(true);
    expect(admin && evaluateRule(controlPanelRule, admin.ruleContext)).toBe(true);
  });
});
