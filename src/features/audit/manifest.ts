// The audit trail's screen (src/config/routes.ts ScreenManifest).
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  audit: { module: './AuditScreen', routes: [{ path: '/audit', title: 'Audit' }] },
};
