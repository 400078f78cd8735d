// identity-and-catalogue §3: client roles are bits; no bit is None.
export interface ClientRoleBit {
  bit: 1 | 2 | 4 | 8 | 16 | 32 | 64 | 128 | 256;
  name: string;
}

export const NO_CLIENT_ROLE = { bit: 0, name: 'None' } as const;

export const CLIENT_ROLE_BITS: readonly ClientRoleBit[] = [
  { bit: 1, name: 'DSSC Admin' },
  { bit: 2, name: 'Unassigned' },
  { bit: 4, name: 'Partner Admin' },
  { bit: 8, name: 'Unassigned' },
  { bit: 16, name: 'Group Admin' },
  { bit: 32, name: 'Unassigned' },
  { bit: 64, name: 'Field Officer' },
  { bit: 128, name: 'Unassigned' },
  { bit: 256, name: 'Customer' },
];
