import { describe, expect, it } from 'vitest';
import { MINIMAL_NOW } from '../seed/index.ts';
import { gatewayPerTest, type TestGateway } from '../testing.ts';
import { canSeeUser, userScopeOf, visibleUsers } from './scope.ts';
import type { Session } from './auth/tokens.ts';

const startGateway = gatewayPerTest();

function session(userId: number, roles: number[], tenantId: string): Session {
  return { userId, roles, tenantId, claim: tenantId, tenantType: 'wallet', sessionId: 'test-session' };
}

async function visibleIds(gw: TestGateway, who: Session): Promise<number[]> {
  const rows = await gw.app.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .select('users.id')
    .where(visibleUsers(who))
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.id);
}

describe('user scope (users-and-wallets §6)', () => {
  it('names the scope by the most privileged role', () => {
    expect(userScopeOf({ roles: [4, 64] })).toBe('tenant');
    expect(userScopeOf({ roles: [16] })).toBe('group');
    expect(userScopeOf({ roles: [64] })).toBe('groupOrCreated');
    expect(userScopeOf({ roles: [256] })).toBe('self');
  });

  it('[UW-6.13] a group admin (16) sees their own group and themself, nothing else', async () => {
    const gateway = await startGateway();
    const { users } = gateway.world;
    expect(await visibleIds(gateway, session(users.group, [16], 'naccug'))).toEqual(
      [users.officer, users.group, users.kanifingMember].sort((a, b) => a - b),
    );
    expect(await canSeeUser(gateway.app.db, session(users.group, [16], 'naccug'), users.serrekundaMember)).toBe(false);
  });

  it('[UW-6.13] a field officer (64) sees their group, the users they created, and themself', async () => {
    const gateway = await startGateway();
    const { users } = gateway.world;
    expect(await visibleIds(gateway, session(users.officer, [64], 'naccug'))).toEqual(
      [users.officer, users.group, users.kanifingMember, users.serrekundaMemberByOfficer].sort((a, b) => a - b),
    );
    expect(await canSeeUser(gateway.app.db, session(users.officer, [64], 'naccug'), users.serrekundaMember)).toBe(false);
  });

  it('a top admin (4) sees every user of the token\'s tenant and none of another tenant', async () => {
    const gateway = await startGateway({ now: () => MINIMAL_NOW });
    const { users } = gateway.world;
    const naccug = await visibleIds(gateway, session(users.super, [4], 'naccug'));
    expect(naccug).toEqual(
      [users.officer, users.group, users.kanifingMember, users.serrekundaMemberByOfficer, users.serrekundaMember].sort((a, b) => a - b),
    );
    expect(naccug).not.toContain(users.tellerMember);
    expect(await canSeeUser(gateway.app.db, session(users.partner, [4], 'teller'), users.kanifingMember)).toBe(false);
    expect(await canSeeUser(gateway.app.db, session(users.partner, [4], 'teller'), users.tellerMember)).toBe(true);
    // A group id shared by name or number never crosses tenants: the officer's scope under another tenant is empty.
    expect(await visibleIds(gateway, session(users.officer, [64], 'teller'))).toEqual([]);
  });
});
