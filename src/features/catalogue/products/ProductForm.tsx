// identity-and-catalogue §2 product form (schemas/forms/product.json): new ('Product Creation Successful'), or a
// product's detail with the type read-only ('Save Success'). A failed create, read or update
// shows the server's message, else the §8 fallback.
import { useMemo, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../api/errors';
import { useRecordController } from '../../../api/record-controller';
import { useList, type AttributesOf, type RecordOf } from '../../../api/resource';
import { REFERENCE_STALE_MS } from '../../../api/reference-lists/reference-rows';
import { useStaffContext } from '../../../config/staff-context';
import { SchemaForm, type FormValues } from '../../../render/form';
import { notifyError, notifySuccess } from '../../../render/notify';
import { CLIENT_FAILED, PRODUCT_CREATED, SAVE_SUCCESS } from '../messages';
import { ProductSettingsPanel } from './settings/ProductSettingsPanel';

const PRODUCTS_ROUTE = '/products/list';

export function ProductForm({ product }: { product: RecordOf<'getProduct'> | undefined }) {
  const navigate = useNavigate();
  const { ruleContext } = useStaffContext();
  const types = useList('listProductTypes', {}, { staleTime: REFERENCE_STALE_MS });
  // The detail screen has read the product: nothing is read here.
  const record = useRecordController({ read: 'getProduct', update: 'updateProduct', create: 'createProduct', id: product?.id, readInit: () => undefined });
  const [settings, setSettings] = useState(false);
  const context = useMemo(() => ({ ...ruleContext, newRecord: product === undefined }), [ruleContext, product]);
  const initial = useMemo<FormValues>(
    () => (product ? { title: product.title, subTitle: product.subTitle, type: product.type, ...(product.backgroundUrl ? { backgroundUrl: product.backgroundUrl } : {}) } : {}),
    [product],
  );
  const typeRows = useMemo(() => {
    const rows = types.data?.rows ?? [];
    // The detail shows the product's own type even when the list no longer offers it.
    return product && !rows.some((row) => row.name === product.type) ? [...rows, { id: product.type, name: product.type }] : rows;
  }, [types.data, product]);
  const lists = useMemo(() => ({ listProductTypes: typeRows }), [typeRows]);

  const save = (values: FormValues) => {
    const failed = (error: unknown) => notifyError(errorText(error, CLIENT_FAILED));
    if (product) {
      const { type: _readOnly, ...changes } = values;
      // The form file (schemas/forms/product.json) holds title, subTitle and backgroundUrl (IC §5).
      record.save(changes as AttributesOf<'updateProduct'>, { onSuccess: () => notifySuccess(SAVE_SUCCESS), onError: failed });
    } else {
      record.save(values as AttributesOf<'createProduct'>, {
        onSuccess: () => {
          notifySuccess(PRODUCT_CREATED);
          void navigate(PRODUCTS_ROUTE);
        },
        onError: failed,
      });
    }
  };

  return (
    <>
      <SchemaForm
        formId="product"
        context={context}
        formData={initial}
        lists={lists}
        submitting={record.saving}
        onSubmit={save}
        actions={
          <Group gap="sm">
            {product && (
              <Button variant="light" onClick={() => setSettings(true)}>
                Settings
              </Button>
            )}
            <Button component={Link} to={PRODUCTS_ROUTE} variant="default">
              Back to list
            </Button>
          </Group>
        }
      />
      {product && <ProductSettingsPanel productId={settings ? product.id : null} title={product.title} onClose={() => setSettings(false)} />}
    </>
  );
}
