import type { Rule } from '../config';

// users-and-wallets §6: the Control Panel entry shows only to users of the admin tenant and only outside admin pages.
export const controlPanelRule: Rule = {
  and: [{ var: 'isAdminTenant' }, { '!': { in: ['/admin/', { var: 'path' }] } }],
};
