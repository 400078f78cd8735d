// identity-and-catalogue §2, §5, §6 forex Edit modal (schemas/forms/forex.json): Market FX, Default Markup and Partner
// Markup parsed as decimals; the markups, percent and auto-update are disabled while no tenant is selected. Saving
// says 'Forex has settings has been saved' (§8).
import { useMemo } from 'react';
import { Modal } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useMutate, type AttributesOf } from '../../../api/resource';
import { useSessionState } from '../../../api/session';
import { useStaffContext } from '../../../config/staff-context';
import { SchemaForm, type FormValues } from '../../../render/form';
import { notifyError, notifySuccess } from '../../../render/notify';
import { FOREX_SAVED } from '../messages';
import type { ForexPair } from './forex-pairs';

type ForexInput = AttributesOf<'saveForex'>;

function formValues(pair: ForexPair): FormValues {
  const forex = pair.forex;
  if (!forex) return { IsPercent: false, IsAutoUpdate: false };
  return {
    MarketFx: Number(forex.marketFx),
    DefaultMarkup: Number(forex.defaultMarkup),
    PartnerMarkup: Number(forex.partnerMarkup),
    IsPercent: forex.isPercent,
    IsAutoUpdate: forex.isAutoUpdate,
  };
}

export interface ForexEditModalProps {
  productId: string;
  pair: ForexPair | null;
  onClose: () => void;
}

export function ForexEditModal({ productId, pair, onClose }: ForexEditModalProps) {
  const { ruleContext } = useStaffContext();
  const { tenant: selected } = useSessionState();
  // §6: "when no tenant is selected": the chosen tenant, not the one the user belongs to.
  const context = useMemo(() => ({ ...ruleContext, tenant: selected?.id ?? null }), [ruleContext, selected]);
  const save = useMutate('saveForex');
  const initial = useMemo(() => (pair ? formValues(pair) : {}), [pair]);
  const submit = (values: FormValues) => {
    if (!pair) return;
    const rates = values as Pick<ForexInput, 'MarketFx' | 'DefaultMarkup' | 'PartnerMarkup' | 'IsPercent' | 'IsAutoUpdate'>;
    save.mutate(
      { attributes: { productId, sendingCurrencyId: pair.base.id, receivingCurrencyId: pair.quote.id, ...rates } },
      {
        onSuccess: () => {
          notifySuccess(FOREX_SAVED);
          onClose();
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );
  };
  return (
    <Modal opened={pair !== null} onClose={onClose} title={pair ? `Edit ${pair.base.code} → ${pair.quote.code}` : 'Edit'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {pair && <SchemaForm formId="forex" context={context} formData={initial} submitting={save.isPending} onSubmit={submit} />}
    </Modal>
  );
}
