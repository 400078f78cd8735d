import { describe, expect, it } from 'vitest';
import { groupRule, roleChoices, tenantAsksGroup } from './user-rules';

const naccug = { id: 'naccug', creditUnion: { groupLabel: 'Credit Union', memberIdLabel: 'Member ID' } };
const mainTenant = { id: 'teller', main: true };
const otherTenant = { id: 'ss-gmb' };

describe('role choices (users-and-wallets §6)', () => {
  it('[UW-6.04] creating admins, role 4 may choose any role except 256', () => {
    expect(roleChoices(4, 'admin')).toEqual([4, 16, 64]);
  });

  it('[UW-6.05] creating admins, role 16 may choose only 64 or 16', () => {
    expect(roleChoices(16, 'admin')).toEqual([16, 64]);
  });

  it('[UW-6.06] creating admins, role 64 may choose only 64', () => {
    expect(roleChoices(64, 'admin')).toEqual([64]);
  });

  it('[UW-6.07] creating admins, other roles may choose any role except 256', () => {
    expect(roleChoices(256, 'admin')).toEqual([4, 16, 64]);
    expect(roleChoices(2, 'admin')).toEqual([4, 16, 64]);
  });

  it('[UW-6.08] creating end users offers only role 256', () => {
    for (const creator of [4, 16, 64]) expect(roleChoices(creator, 'endUser')).toEqual([256]);
  });
});

describe('group rule (users-and-wallets §5, §6)', () => {
  it('[UW-6.09] for admin roles 4 and 16 the group is set to 0 and not asked', () => {
    for (const tenant of [naccug, mainTenant, otherTenant]) {
      expect(groupRule(4, tenant)).toEqual({ asked: false, value: 0 });
      expect(groupRule(16, tenant)).toEqual({ asked: false, value: 0 });
    }
  });

  it('[UW-6.10] for other roles the group is required', () => {
    expect(groupRule(64, mainTenant)).toEqual({ asked: true, value: undefined });
    expect(groupRule(256, mainTenant)).toEqual({ asked: true, value: undefined });
    expect(groupRule(undefined, mainTenant).asked).toBe(true);
  });

  it('[UW-5.10] the group is required on naccug', () => {
    expect(groupRule(64, naccug).asked).toBe(true);
    expect(groupRule(256, naccug).asked).toBe(true);
    expect(groupRule(256, { id: 'naccug' }).asked).toBe(true);
  });

  it('[UW-6.15] a tenant without groups neither asks nor sends one', () => {
    expect(tenantAsksGroup(otherTenant)).toBe(false);
    expect(groupRule(64, otherTenant)).toEqual({ asked: false, value: undefined });
    expect(groupRule(256, otherTenant)).toEqual({ asked: false, value: undefined });
  });
});
