// The create-user wizard's Finish & Save (users-and-wallets §4, §7): POST api/v1/um/user (createAdmin) for an admin,
// POST api/v1/um/pendingUser (createEndUser) for an end user.
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { CreateUserInput, CreatedUser } from '../../../flows/create-user.machine';

export async function createUser(input: CreateUserInput, signal?: AbortSignal): Promise<CreatedUser> {
  const document =
    input.audience === 'admin'
      ? unwrap(await api.POST('/api/v1/um/user', { body: { data: { type: 'User', attributes: input.attributes } }, signal }))
      : unwrap(await api.POST('/api/v1/um/pendingUser', { body: { data: { type: 'User', attributes: input.attributes } }, signal }));
  return { id: document.data.id };
}

/** createUserMachine's `createUser`. */
export const createUserActor = fromPromise<CreatedUser, CreateUserInput>(({ input, signal }) => createUser(input, signal));
