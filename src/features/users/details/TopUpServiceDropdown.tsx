// users-and-wallets §2, §3: the top-up service dropdown lists the user's services (id, name, icon); the chosen one
// opens the top-up modal of the wallet feature (the topUp slot).
import { useState, type ReactNode } from 'react';
import { Select } from '@mantine/core';
import type { UserService } from '../user-record';

export interface TopUpServiceDropdownProps {
  services: readonly UserService[];
  renderModal: (service: UserService, close: () => void) => ReactNode;
}

export function TopUpServiceDropdown({ services, renderModal }: TopUpServiceDropdownProps) {
  const [service, setService] = useState<UserService | null>(null);
  return (
    <>
      <Select
        label="Top-up service"
        placeholder="Choose a service"
        data={services.map((entry) => ({ value: entry.id, label: entry.name }))}
        value={null}
        onChange={(id) => setService(services.find((entry) => entry.id === id) ?? null)}
        w={220}
        comboboxProps={{ withinPortal: true }}
      />
      {service && renderModal(service, () => setService(null))}
    </>
  );
}
