// The config type generator on small meta-schemas: each keyword the meta-schemas use maps to its TypeScript form.
import { describe, expect, it } from 'vitest';
import { generateConfigTypes } from './gen-config-types.ts';

type Schemas = Parameters<typeof generateConfigTypes>[0];
const generate = (files: Record<string, unknown>) => generateConfigTypes(new Map(Object.entries(files)) as Schemas);

describe('gen:config-types', () => {
  it('names a type by its title and maps properties, required, enum, const, arrays and type lists', () => {
    const source = generate({
      'thing.schema.json': {
        title: 'Thing file',
        description: 'one thing',
        type: 'object',
        additionalProperties: false,
        required: ['$schema', 'id'],
        properties: {
          $schema: { const: '../meta/thing.schema.json' },
          id: { type: 'string', pattern: '^[a-z]+$', description: 'the id' },
          kind: { enum: ['a', 'b'] },
          'x-size': { type: 'integer', minimum: 1 },
          tags: { type: 'array', items: { type: ['string', 'number'] } },
          extra: { type: 'object', additionalProperties: { type: 'boolean' } },
          open: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    });
    expect(source).toContain(`/** one thing */
export interface ThingFile {
  $schema: "../meta/thing.schema.json";
  /** the id */
  id: string;
  kind?: "a" | "b";
  "x-size"?: number;
  tags?: (string | number)[];
  extra?: { [key: string]: boolean };
  open?: {
    name?: string;
    [key: string]: unknown;
  };
}`);
  });

  it('follows $ref within a file and to another file, and turns anyOf, oneOf and allOf into unions and intersections', () => {
    const source = generate({
      'rule.schema.json': { title: 'Rule', anyOf: [{ type: 'boolean' }, { type: 'object', minProperties: 1 }] },
      'menu.schema.json': {
        title: 'Menu',
        type: 'object',
        additionalProperties: false,
        required: ['items'],
        properties: {
          items: { type: 'array', items: { $ref: '#/definitions/item' } },
          source: { oneOf: [{ $ref: 'rule.schema.json' }, { type: 'string' }] },
          both: { allOf: [{ $ref: '#/definitions/item' }, { type: 'object', required: ['label'], properties: { label: { const: 'x' } } }] },
        },
        definitions: {
          item: {
            title: 'Menu item',
            type: 'object',
            additionalProperties: false,
            required: ['label'],
            // validation only: shapes no type
            anyOf: [{ required: ['route'] }, { required: ['children'] }],
            allOf: [{ if: { required: ['route'] }, then: { not: { required: ['children'] } } }],
            properties: { label: { type: 'string' }, route: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/item' } }, visible: { $ref: 'rule.schema.json' } },
          },
        },
      },
    });
    expect(source).toContain(`export interface Menu {
  items: MenuItem[];
  source?: Rule | string;
  both?: MenuItem & {
    label: "x";
    [key: string]: unknown;
  };
}`);
    expect(source).toContain(`export interface MenuItem {
  label: string;
  route?: string;
  children?: MenuItem[];
  visible?: Rule;
}`);
    expect(source).toContain('export type Rule = boolean | { [key: string]: unknown };');
  });

  it('refuses a $ref to a schema without a title, naming where it is', () => {
    expect(() =>
      generate({ 'a.schema.json': { title: 'A', type: 'object', properties: { b: { $ref: '#/definitions/b' } }, definitions: { b: { type: 'string' } } } }),
    ).toThrow('a.schema.json#/definitions/b: has no title; give it one (the title names its type)');
  });

  it('refuses two schemas whose titles name the same type', () => {
    expect(() => generate({ 'a.schema.json': { title: 'Item', type: 'string' }, 'b.schema.json': { title: 'item', type: 'number' } })).toThrow(
      "b.schema.json#: title 'item' names type Item, which a.schema.json already names; choose another title",
    );
  });
});
