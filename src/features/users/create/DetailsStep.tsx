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
import { getListCountriesQueryOptions } from '../../../api/reference-lists/list-countries';
import { getListGroupsQueryOptions } from '../../../api/reference-lists/list-groups';
import { getListRolesQueryOptions } from '../../../api/reference-lists/list-roles';
import { getOwnGroupQueryOptions } from '../api/get-own-group';
import { CREATE_USER_FORM_ID, DEFAULT_NATIONALITY, rowsWithValues, sameDetails, toFormValues, toUserDetails } from './user-details';

/** users-and-wallets §8 */
const GROUPS_LOAD_ERROR = 'There was an getting the groups.  Please Try Again later.';

export interface DetailsStepProps {
  audience: Audience;
  context: RuleContext;
  details: UserDetails;
  errors: FieldErrors;
  creatorRole: number;
  requiresGroup: boolean;
  /** The signed-in user, whose own Credit Union is the default group. */
  userId: string | null;
  onChange: (details: UserDetails) => void;
  onNext: (details: UserDetails) => void;
  onCancel: () => void;
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
  const tenant = context.tenant;
  const roles = useQuery(getListRolesQueryOptions(tenant));
  const countries = useQuery(getListCountriesQueryOptions(tenant));
  const groups = useQuery({ ...getListGroupsQueryOptions(tenant), enabled: requiresGroup });
  const ownGroup = useQuery({ ...getOwnGroupQueryOptions(userId ?? '', tenant), enabled: requiresGroup && userId !== null && creatorRole !== 4 });
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
        onChange={(values) => {
          const changed = detailsOf(values);
          // The form reports its defaults when it (re)mounts; that is no edit and keeps the gateway's field errors.
          if (!sameDetails(changed, details)) onChange(changed);
        }}
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
