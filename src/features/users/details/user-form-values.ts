// The profile as the edit-user and profile forms hold it, and the changes a submitted form makes to it
// (the contract's UpdateUserRequest: only the attributes to change; e-mail and role cannot change here).
import type { FormConfig } from '../../../config/types';
import type { FormValues } from '../../../render/form';
import { changedAttributes } from '../../../render/form/request-body';
import type { AttributesOf } from '../../../api/resource';
import { userRole, type UserRecord } from '../user-record';

export type UserChanges = AttributesOf<'updateUser'>;

function defined(values: Record<string, unknown>): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));
}

export function editUserValues(user: UserRecord): FormValues {
  return defined({
    role: userRole(user),
    group: user.account?.groups[0],
    firstname: user.firstname,
    middlename: user.middlename,
    lastname: user.lastname,
    birthdate: user.birthdate,
    gender: user.gender,
    nationality: user.nationality,
    email: user.email?.value,
    phonenumber: user.phonenumber?.value,
    externalid: user.externalid,
  });
}

export function profileValues(user: UserRecord): FormValues {
  return defined({
    firstname: user.firstname,
    lastname: user.lastname,
    phonenumber: user.phonenumber?.value,
    email: user.email?.value,
    birthdate: user.birthdate,
    gender: user.gender,
    nationality: user.nationality,
    country: user.country,
  });
}

/**
 * The changes a submitted edit-user or profile form makes, as its submit binding sends them to updateUser: the fields
 * whose value differs from the profile's; an emptied optional field is sent as ''. Fields the form's rules hid
 * (`hidden`) were not shown, so they are not changes.
 */
export function userChanges(form: FormConfig, before: FormValues, after: FormValues, hidden: readonly string[] = []): UserChanges {
  // check:config holds the form's binding to the contract's UpdateUserRequest.
  return changedAttributes(form, 'updateUser', before, after, hidden) as UserChanges;
}
