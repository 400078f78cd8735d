// identity-and-catalogue §2 product settings side pane: content after 1 s (§9), one tab per settings list
// (SendingCurrency, ReceivingCurrency, PaymentOption, Service); hiding the pane reloads the products and the product.
import { Tabs } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FlatRecord } from '../../../../api/jsonapi';
import { resourceTypeKey, useList, useMutate, useRead, type AttributesOf } from '../../../../api/resource';
import { QueryGate } from '../../../../render/QueryGate';
import { SidePanel } from '../../../../render/SidePanel';
import { CLIENT_FAILED } from '../../messages';
import { SETTINGS_GROUPS, type SettingsCalls, type SettingsKey } from './settings-groups';
import { SettingsTab } from './SettingsTab';

interface Call<Init> {
  mutateAsync: (init: Init) => Promise<unknown>;
  isPending: boolean;
}

function callsOf<Attributes>(create: Call<{ attributes: Attributes }>, remove: Call<{ path: { id: string } }>): SettingsCalls {
  return {
    // The form file (schemas/forms) holds the entry's fields and the tab adds productId; the gateway checks the rest (IC §5).
    create: (values) => create.mutateAsync({ attributes: values as Attributes }),
    creating: create.isPending,
    remove: (id) => remove.mutateAsync({ path: { id } }),
    removing: remove.isPending,
  };
}

function ProductSettings({ productId }: { productId: string }) {
  const product = useRead('getProduct', { path: { id: productId } });
  const paymentMethods = useList('listPaymentMethods', {});
  const calls: Record<SettingsKey, SettingsCalls> = {
    SendingCurrency: callsOf<AttributesOf<'createSendingCurrency'>>(useMutate('createSendingCurrency'), useMutate('deleteSendingCurrency')),
    ReceivingCurrency: callsOf<AttributesOf<'createReceivingCurrency'>>(useMutate('createReceivingCurrency'), useMutate('deleteReceivingCurrency')),
    PaymentOption: callsOf<AttributesOf<'createPaymentOption'>>(useMutate('createPaymentOption'), useMutate('deletePaymentOption')),
    Service: callsOf<AttributesOf<'createService'>>(useMutate('createService'), useMutate('deleteService')),
  };

  return (
    <QueryGate query={product} fallback={CLIENT_FAILED}>
      {(detail) => (
        <Tabs defaultValue={SETTINGS_GROUPS[0]?.key}>
          <Tabs.List>
            {SETTINGS_GROUPS.map((group) => (
              <Tabs.Tab key={group.key} value={group.key}>
                {group.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SETTINGS_GROUPS.map((group) => (
            <Tabs.Panel key={group.key} value={group.key} pt="md">
              <SettingsTab
                group={group}
                productId={productId}
                rows={detail[group.key].map((entry): FlatRecord => ({ type: group.key, ...entry }))}
                calls={calls[group.key]}
                paymentMethods={group.key === 'PaymentOption' ? { rows: paymentMethods.data?.rows ?? [], failed: paymentMethods.isError } : undefined}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </QueryGate>
  );
}

export interface ProductSettingsPanelProps {
  productId: string | null;
  title: string;
  onClose: () => void;
}

export function ProductSettingsPanel({ productId, title, onClose }: ProductSettingsPanelProps) {
  const queryClient = useQueryClient();
  const hide = () => {
    onClose();
    // The products list and every product read (resourceTypeKey: the type's lists and reads).
    void queryClient.invalidateQueries({ queryKey: resourceTypeKey('product') });
  };
  return (
    <SidePanel opened={productId !== null} onClose={hide} title={`${title} Settings`}>
      {productId !== null && <ProductSettings productId={productId} />}
    </SidePanel>
  );
}
