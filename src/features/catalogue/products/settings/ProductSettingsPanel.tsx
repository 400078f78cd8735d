// identity-and-catalogue §2 product settings side pane: content after 1 s (§9), one tab per settings list
// (SendingCurrency, ReceivingCurrency, PaymentOption, Service); hiding the pane reloads the products and the product.
import { Alert, Tabs } from '@mantine/core';
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { errorText } from '../../../../api/errors';
import type { FlatRecord } from '../../../../api/jsonapi';
import { Loading } from '../../../../render/Loading';
import { SidePanel } from '../../../../render/SidePanel';
import { useCreateReceivingCurrency } from '../../api/create-receiving-currency';
import { useCreatePaymentOption } from '../../api/create-payment-option';
import { useCreateSendingCurrency } from '../../api/create-sending-currency';
import { useCreateService } from '../../api/create-service';
import { useDeletePaymentOption } from '../../api/delete-payment-option';
import { useDeleteReceivingCurrency } from '../../api/delete-receiving-currency';
import { useDeleteSendingCurrency } from '../../api/delete-sending-currency';
import { useDeleteService } from '../../api/delete-service';
import { getProductQueryOptions, useProduct } from '../../api/get-product';
import { getProductsQueryOptions } from '../../api/list-products';
import { usePaymentMethods } from '../../api/list-payment-methods';
import { CLIENT_FAILED } from '../../messages';
import { useTenantId } from '../../use-tenant-id';
import { SETTINGS_GROUPS, type SettingsCalls, type SettingsKey } from './settings-groups';
import { SettingsTab } from './SettingsTab';

function callsOf<Input>(create: UseMutationResult<string, Error, Input>, remove: UseMutationResult<void, Error, string>): SettingsCalls {
  return {
    // The form file (schemas/forms) holds the entry's fields and the tab adds productId; the gateway checks the rest (IC §5).
    create: (values) => create.mutateAsync(values as Input),
    creating: create.isPending,
    remove: (id) => remove.mutateAsync(id),
    removing: remove.isPending,
  };
}

function ProductSettings({ productId }: { productId: string }) {
  const tenant = useTenantId();
  const product = useProduct({ id: productId, tenant });
  const paymentMethods = usePaymentMethods();
  const calls: Record<SettingsKey, SettingsCalls> = {
    SendingCurrency: callsOf(useCreateSendingCurrency(), useDeleteSendingCurrency()),
    ReceivingCurrency: callsOf(useCreateReceivingCurrency(), useDeleteReceivingCurrency()),
    PaymentOption: callsOf(useCreatePaymentOption(), useDeletePaymentOption()),
    Service: callsOf(useCreateService(), useDeleteService()),
  };

  if (product.isPending) return <Loading />;
  if (product.isError) return <Alert color="red">{errorText(product.error, CLIENT_FAILED)}</Alert>;
  const detail = product.data;
  return (
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
            paymentMethods={group.key === 'PaymentOption' ? { rows: paymentMethods.data ?? [], failed: paymentMethods.isError } : undefined}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
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
    void queryClient.invalidateQueries({ queryKey: getProductsQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: getProductQueryOptions().queryKey });
  };
  return (
    <SidePanel opened={productId !== null} onClose={hide} title={`${title} Settings`}>
      {productId !== null && <ProductSettings productId={productId} />}
    </SidePanel>
  );
}
