// Test support: identity screens as the app renders them (src/render/screen-harness.tsx) for super@demo.test, role 4
// of the admin tenant (claim dssc); `signInAs({ tenantId, claim })` signs in another tenant's admin.
import { screenHarness } from '../../../render/screen-harness';
import { tableSources } from '../manifest';

export { preloadForms } from '../../../render/screen-harness';

export const { signInAs, renderRoutes } = screenHarness(tableSources, {
  userId: '1',
  email: 'super@demo.test',
  tenantId: 'dssc',
  claim: 'dssc',
  roles: [4],
});
