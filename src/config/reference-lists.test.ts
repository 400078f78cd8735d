import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/meta/tenant.schema.json';
import { REFERENCE_LIST_OPERATIONS } from '../api/reference-lists';

describe('the reference lists a tenant file may name', () => {
  it('[UW-3.17][UW-3.18] are exactly the lists the app knows how to prefetch', () => {
    expect([...tenantSchema.properties.referenceLists.items.enum].sort()).toEqual([...REFERENCE_LIST_OPERATIONS].sort());
  });
});
