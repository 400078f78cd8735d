// A parsed JSON value that is an object (not an array, not null): the one test the config code and its checker use.

export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
