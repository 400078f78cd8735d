// The catalogue belongs to the token's tenant (identity-and-catalogue §1); any staff role reads it, and only the
// roles whose menu group holds it (4 and 64, §2 and §6) create, change and delete.
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';

/** Who changes the catalogue, in which tenant, when. */
export interface CatalogueActor {
  userId: number;
  tenantId: string;
  roles: readonly number[];
  now: Date;
}

export function requireCatalogueEditor(actor: Pick<CatalogueActor, 'roles'>): void {
  if (!actor.roles.includes(ROLE.TopAdmin) && !actor.roles.includes(ROLE.LowerAdmin)) {
    throw new DomainRefusal('forbidden', { message: 'Only roles 4 and 64 may change the catalogue', code: 'role_not_allowed' });
  }
}

/** Required texts need a non-blank character (the contract's rule for IC §5). */
export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}
