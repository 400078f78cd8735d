// The four-eyes approvals' screen (src/config/routes.ts ScreenManifest).
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  approvals: { module: './ApprovalsScreen', routes: [{ path: '/approvals', title: 'Approvals' }] },
};
