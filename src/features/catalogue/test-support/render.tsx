// Test support: catalogue screens as the app renders them (src/render/screen-harness.tsx) for partner@demo.test,
// role 4 of the main wallet tenant; `signInAs({ selected })` switches into a tenant (its own token).
import { screenHarness } from '../../../render/screen-harness';
import { tableSources } from '../manifest';

export { preloadForms } from '../../../render/screen-harness';

export const { signInAs, renderRoutes } = screenHarness(tableSources, {
  userId: '2',
  email: 'partner@demo.test',
  tenantId: 'teller',
  claim: 'teller',
  roles: [4],
});
