// How the config checker finds a table field in a JSON:API list response of the contract.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Contract } from '../../src/config/check/contract.ts';

const contract = new Contract(
  parse(`
openapi: 3.1.0
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - $ref: '#/components/parameters/Sort'
        - { name: 'filter[name]', in: query, schema: { type: string } }
      responses:
        '200':
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ThingList' }
  /things/{id}:
    get:
      operationId: getThing
      responses:
        '200':
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { $ref: '#/components/schemas/Thing' }
components:
  parameters:
    Sort: { name: sort, in: query, schema: { type: string, enum: [name, -name] } }
  schemas:
    Thing:
      type: object
      properties:
        type: { const: thing }
        id: { type: string }
        attributes:
          allOf:
            - type: object
              properties:
                name: { type: string }
                address:
                  type: object
                  properties:
                    city: { type: string }
            - type: object
              properties:
                extra: { type: object }
        relationships:
          type: object
          properties:
            owner:
              type: object
              properties:
                data:
                  type: object
                  properties: { type: { const: person }, id: { type: string } }
            tags:
              type: object
              properties:
                data: { type: array, items: { type: object, properties: { type: { type: string } } } }
    Person:
      type: object
      properties:
        type: { const: person }
        attributes: { type: object, properties: { fullname: { type: string } } }
    Tag:
      type: object
      properties:
        type: { const: tags }
        attributes: { type: object, properties: { label: { type: string } } }
    ThingList:
      type: object
      properties:
        data: { type: array, items: { $ref: '#/components/schemas/Thing' } }
        included:
          type: array
          items:
            oneOf: [{ $ref: '#/components/schemas/Person' }, { $ref: '#/components/schemas/Tag' }]
`) as Record<string, unknown>,
);

describe('Contract.rowField', () => {
  it('finds the id, attributes (through allOf) and nested attribute fields', () => {
    expect(contract.rowField('listThings', 'id')).toBe('found');
    expect(contract.rowField('listThings', 'name')).toBe('found');
    expect(contract.rowField('listThings', 'address.city')).toBe('found');
    expect(contract.rowField('listThings', 'address.street')).toBe('missing');
    expect(contract.rowField('listThings', 'colour')).toBe('missing');
  });

  it('reads included attributes through a relationship, by its declared type or its name', () => {
    expect(contract.rowField('listThings', 'owner.fullname')).toBe('found');
    expect(contract.rowField('listThings', 'owner.id')).toBe('found');
    expect(contract.rowField('listThings', 'owner.age')).toBe('missing');
    expect(contract.rowField('listThings', 'tags.label')).toBe('found');
  });

  it('leaves free-form objects open rather than guessing', () => {
    expect(contract.rowField('listThings', 'extra.anything')).toBe('open');
  });

  it('tells list operations from single-resource ones, and reads their query parameters', () => {
    expect(contract.listResources('listThings')).toBeDefined();
    expect(contract.listResources('getThing')).toBeUndefined();
    expect(contract.parameterEnum('listThings', 'sort')).toEqual(['name', '-name']);
    expect(contract.hasParameter('listThings', 'filter[name]')).toBe(true);
    expect(contract.hasParameter('listThings', 'filter[colour]')).toBe(false);
  });
});
