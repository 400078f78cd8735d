// Step 1 'Create User Details': the create-user form file (every users-and-wallets §5 rule and message), with the
// §6 role choices of the creator and the reference lists of §7.
import { useMemo, useState } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import type { RuleContext } from '../../../config';
import type { UserDetails } from '../../../flows/create-user.machine';
import type { FieldErrors } from '../../../flows/upload-documents.machine';
import { groupRuleFor, roleChoices, type Audience } from '../../../flows/user-rules';
import { SchemaForm, type FormValues } from '../../../render/form';
import { useReferenceList } from '../../../api/reference-lists';
import { REFERENCE_STALE_MS } from '../../../api/reference-lists/reference-rows';
import { readQuery, type RecordOf } from '../../../api/resource';
import { asUserRecord } from '../user-record';
import { CREATE_USER_FORM_ID, DEFAULT_NATIONALITY, rowsWithValues, toFormValues, toUserDetails } from './user-details';

/** users-and-wallets §8 */
const GROUPS_LOAD_ERROR = 'There was an getting the groups.  Please Try Again later.';

export interface DetailsStepProps {
  audience: Audience;
  context: RuleContext;
  /** What was entered before (when coming back to the step): the form starts with it. */
  details: UserDetails;
  errors: FieldErrors;
  creatorRole: number;
  requiresGroup: boolean;
  /** The signed-in user, whose own Credit Union is the default group. */
  userId: string | null;
  /** Every change the form reports, its defaults on (re)mounting included. */
  onChange: (details: UserDetails) => void;
  onNext: (details: UserDetails) => void;
  onCancel: () => void;
}

/** The creator's own Credit Union, the first group of its account: the default group of the users a group or field
 * admin creates (the gateway adds them only to their own group). A creator the tenant's token cannot read has none: its
 * read fails, unretried, and the form starts without a group. */
function ownGroupOf(creator: RecordOf<'getUser'>): number | null {
  const [first] = asUserRecord(creator).account?.groups ?? [];
  return typeof first === 'number' && first > 0 ? first : null;
}

/** What the form starts with: the spec's defaults, a role when only one may be given, then what was entered. */
function initialValues(details: UserDetails, choices: readonly number[], ownGroup: number | null | undefined): FormValues {
  const [onlyRole] = choices;
  const defaults: UserDetails = {
    nationality: DEFAULT_NATIONALITY,
    ...(choices.length === 1 && onlyRole !== undefined ? { role: onlyRole } : {}),
    ...(typeof ownGroup === 'number' ? { group: ownGroup } : {}),
  };
  return toFormValues({ ...defaults, ...details });
}

export function DetailsStep(props: DetailsStepProps) {
  const { audience, context, details, errors, creatorRole, requiresGroup, userId, onChange, onNext, onCancel } = props;
  const roles = useReferenceList('listRoles');
  const countries = useReferenceList('listCountries');
  const groups = useReferenceList('listGroups', requiresGroup);
  const creator = requiresGroup && userId !== null && creatorRole !== 4 ? { path: { id: userId }, query: { include: 'account' } } : undefined;
  const ownGroup = useQuery({ ...readQuery('getUser', creator, { staleTime: REFERENCE_STALE_MS }), retry: false, select: ownGroupOf });
  // §6: where the group is not asked (roles 4 and 16, tenants without groups) the form's default is no answer.
  const detailsOf = (values: FormValues): UserDetails => {
    const { group, ...rest } = toUserDetails(values);
    const role = typeof rest.role === 'number' ? rest.role : undefined;
    return groupRuleFor(role, requiresGroup).asked && group !== undefined ? { ...rest, group } : rest;
  };
  const choices = useMemo(() => roleChoices(creatorRole, audience), [creatorRole, audience]);

  const loading = roles.isPending || countries.isPending || (requiresGroup && groups.isPending) || ownGroup.fetchStatus === 'fetching';
  const lists = useMemo(
    () => ({
      listRoles: rowsWithValues(roles.data ?? [], choices),
      listGroups: groups.data ?? [],
      listCountries: countries.data ?? [],
    }),
    [roles.data, groups.data, countries.data, choices],
  );
  // The form starts once, when the lists are in; later changes of `details` come from the form itself.
  const [formData, setFormData] = useState<FormValues | null>(null);
  if (!loading && formData === null) setFormData(initialValues(details, choices, ownGroup.data));

  const failure = roles.error ?? countries.error ?? null;
  if (failure) return <Alert color="red" role="alert">{errorText(failure)}</Alert>;
  if (loading || formData === null) {
    return (
      <Center py="md" role="status">
        <Loader role="status" size="sm" aria-label="Loading..." />
      </Center>
    );
  }

  return (
    <>
      {groups.isError && (
        <Alert color="red" role="alert">
          {GROUPS_LOAD_ERROR}
        </Alert>
      )}
      <SchemaForm
        formId={CREATE_USER_FORM_ID}
        context={context}
        formData={formData}
        lists={lists}
        extraErrors={errors}
        onChange={(values) => onChange(detailsOf(values))}
        onSubmit={(values) => onNext(detailsOf(values))}
        actions={
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        }
      />
    </>
  );
}
