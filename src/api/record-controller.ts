// The headless controller of a screen that loads one record and edits it (react-admin's useEditController, refine's
// useForm): the record read by its operation, and one save that updates it, or creates one when there is no record.
// The twin of useTableController (src/render/table): a record screen is this hook plus its form.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  invalidateAfter,
  mutateOperation,
  useRead,
  type AttributesOf,
  type CallInit,
  type MutateInit,
  type OperationId,
  type PathOf,
  type ReadOperationId,
  type RecordOf,
} from './resource';

/** Operations that change a record named by `{ id }` from its attributes. */
export type UpdateOperationId = {
  [Id in OperationId]: PathOf<Id> extends { id: string } ? ([AttributesOf<Id>] extends [never] ? never : Id) : never;
}[OperationId];
/** Operations that make a record from its attributes alone. */
export type CreateOperationId = {
  [Id in OperationId]: [PathOf<Id>] extends [never] ? ([AttributesOf<Id>] extends [never] ? never : Id) : never;
}[OperationId];

export interface RecordControllerOptions<Read extends ReadOperationId, Update extends UpdateOperationId, Create extends CreateOperationId> {
  read: Read;
  update: Update;
  /** The operation a save runs when there is no record (a form in add mode). */
  create?: Create;
  /** The record's id, undefined in add mode. */
  id: string | undefined;
  /** The read's call for `id`, when it names more than `{ path: { id } }` (an include, a parent's id); undefined when
   * the screen has the record from elsewhere and nothing is to be read (react-admin's `queryOptions.enabled`). */
  readInit?: (id: string) => CallInit<Read> | undefined;
}

type Attributes<Update extends OperationId, Create extends OperationId> = AttributesOf<Update> | AttributesOf<Create>;
type SaveCallbacks = { onSuccess?: () => void; onError?: (error: Error) => void; onSettled?: () => void };

export interface RecordController<Read extends ReadOperationId, Update extends UpdateOperationId, Create extends CreateOperationId> {
  /** Edit mode names a record; add mode does not. */
  mode: 'edit' | 'create';
  record: RecordOf<Read> | undefined;
  /** The record is loading (edit mode, when it is read here). */
  isPending: boolean;
  error: Error | null;
  /** Edit mode: updates the record with `attributes`; add mode: creates one from them. */
  save: (attributes: Attributes<Update, Create>, callbacks?: SaveCallbacks) => void;
  saving: boolean;
}

export function useRecordController<Read extends ReadOperationId, Update extends UpdateOperationId, Create extends CreateOperationId = never>(
  options: RecordControllerOptions<Read, Update, Create>,
): RecordController<Read, Update, Create> {
  const { read, update, create, id, readInit } = options;
  const init = id === undefined ? undefined : readInit ? readInit(id) : ({ path: { id } } as unknown as CallInit<Read>);
  const record = useRead(read, init);
  const client = useQueryClient();
  const operation = id === undefined ? create : update;
  const saving = useMutation({
    mutationFn: (attributes: Attributes<Update, Create>) => {
      if (operation === undefined) throw new Error(`useRecordController: a save without a record id needs a create operation beside ${update}`);
      // Update and create operations are those whose body is `{ data: { type, id?, attributes } }` (the types above),
      // which the layer writes from the attributes and the record id.
      const call = id === undefined ? { attributes } : { path: { id }, attributes };
      return mutateOperation(operation, call as unknown as MutateInit<typeof operation>);
    },
    onSuccess: () => (operation === undefined ? undefined : invalidateAfter(client, operation)),
  });
  return {
    mode: id === undefined ? 'create' : 'edit',
    record: record.data,
    isPending: init !== undefined && record.isPending,
    error: record.error,
    save: (attributes, callbacks = {}) => saving.mutate(attributes, callbacks),
    saving: saving.isPending,
  };
}
