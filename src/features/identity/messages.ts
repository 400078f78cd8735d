// identity-and-catalogue §8: the success texts of the identity screens, as staff know them.
export const TENANT_CREATED = 'Tenant has successfully been created!';
export const TENANT_UPDATED = 'Tenant has successfully been updated!';
export const SCOPE_CREATED = 'Scope has successfully been created!';
export const SCOPE_UPDATED = 'Scope has successfully been updated!';
export const RESOURCE_CREATED = 'Resource has successfully been created!';
export const RESOURCE_UPDATED = 'Resource has successfully been updated!';
