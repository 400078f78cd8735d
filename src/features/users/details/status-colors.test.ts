// users-and-wallets §4 "User status names and colours": the status badge of the lists and the details takes its colour
// from the bundled schemas/tables/color-maps.json through the renderer's theme mapping.
import { describe, expect, it } from 'vitest';
import { colorFor, config } from '../../../config';
import { badgeColor } from '../../../render/table/colors';

const statusColor = (status: string) => ({ semantic: colorFor('userStatus', status), theme: badgeColor(config.colorMaps, 'userStatus', status) });

describe('user status colours', () => {
  it('[UW-4.05] Pending and KYC Rejected show the warning colour', () => {
    expect(statusColor('Pending')).toEqual({ semantic: 'warning', theme: 'orange' });
    expect(statusColor('KYC Rejected')).toEqual({ semantic: 'warning', theme: 'orange' });
  });

  it('[UW-4.06] Verified shows the success colour', () => {
    expect(statusColor('Verified')).toEqual({ semantic: 'success', theme: 'teal' });
  });

  it('[UW-4.07] On Hold, LockOut and Sanctioned show the danger colour', () => {
    for (const status of ['On Hold', 'LockOut', 'Sanctioned']) expect(statusColor(status)).toEqual({ semantic: 'danger', theme: 'red' });
  });

  it('[UW-4.08] Duplicate and Expired show the inactive colour', () => {
    for (const status of ['Duplicate', 'Expired']) expect(statusColor(status)).toEqual({ semantic: 'inactive', theme: 'gray' });
  });

  it('[UW-4.09] Active shows the primary colour', () => {
    expect(statusColor('Active')).toEqual({ semantic: 'primary', theme: 'blue' });
  });
});
