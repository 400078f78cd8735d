// Test support: the statistics documents as the gateway answers them (openapi/gateway.yaml), and the harness for
// dashboard screens (src/render/screen-harness.tsx) as partner@demo.test, role 4 of the main wallet tenant.
import type { components } from '../../api/gateway';
import { screenHarness } from '../../render/screen-harness';

type Schemas = components['schemas'];

export const { signInAs, renderRoutes } = screenHarness({}, { userId: '2', email: 'partner@demo.test', tenantId: 'teller', claim: 'teller', roles: [4] });

export const widgetsDocument: Schemas['WidgetListDocument'] = {
  data: [
    { type: 'widget', id: 'users-total', attributes: { value: 1240, name: 'Users', description: 'All end users', opens: { list: 'users' } } },
    { type: 'widget', id: 'users-active', attributes: { value: 12, name: 'Active', description: 'End users whose status is Active', opens: { list: 'users', status: 'Active' } } },
    { type: 'widget', id: 'users-restricted', attributes: { value: 3, name: 'Restricted', description: 'End users locked out, on hold or sanctioned' } },
    { type: 'widget', id: 'admins-total', attributes: { value: 8, name: 'Admins', description: 'Staff accounts', opens: { list: 'admins' } } },
  ],
};

const zero = { count: 0, p2P: '0.00', topUp: '0.00', loans: '0.00', disbursement: '0.00', cashout: '0.00' };

export function statisticsDocument(timeframe: 'weekly' | 'monthly'): Schemas['TransactionStatisticsDocument'] {
  const periods =
    timeframe === 'weekly'
      ? ['2025-01-09', '2025-01-10', '2025-01-11', '2025-01-12', '2025-01-13', '2025-01-14', '2025-01-15']
      : Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(2024, 1 + index, 1)).toISOString().slice(0, 10));
  const last = periods.length - 1;
  return {
    data: periods.map((period, index) => ({
      type: 'transactionstatistic',
      id: period,
      attributes: { period, ...(index === last ? { count: 5, p2P: '12.50', topUp: '1009.00', loans: '3000.00', disbursement: '40.00', cashout: '200.00' } : zero) },
    })),
    meta: {
      currency: 'GMD',
      startDate: periods[0] ?? '2025-01-09',
      endDate: '2025-01-15',
      timeframe,
      totals: { count: 5, p2P: '12.50', topUp: '1009.00', loans: '3000.00', disbursement: '40.00', cashout: '200.00' },
    },
  };
}
