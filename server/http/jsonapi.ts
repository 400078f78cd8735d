// JSON:API documents: resources, lists with paging meta, error documents, and the query parsers every list shares.

import type { Paging, Sort } from '../domain/paging.ts';
import { ROW_ID_TEXT, parseRowId } from '../domain/users/ids.ts';

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

/** A resource object of type T; the id is always a string on the wire. */
export interface Resource<T extends string = string, A extends object = object, R extends object = Record<string, Relationship>> {
  type: T;
  id: string;
  attributes: A;
  relationships?: R;
}

export interface ListMeta {
  itemTotal: number;
  pageNumber: number;
  pageSize: number;
  pageTotal: number;
}

export interface ErrorSource {
  /** JSON pointer into the request body, e.g. `/data/attributes/firstname`. */
  pointer?: string;
  /** Name of the query or path parameter, e.g. `page[size]`. */
  parameter?: string;
  header?: string;
}

export interface ErrorObject {
  status: string;
  /** The short message a client shows (the contract: "title is the server's short message"). */
  title: string;
  detail?: string;
  /** Machine-readable reason, e.g. `invalid_otp`, `not_pending`. */
  code?: string;
  source?: ErrorSource;
}

export interface ErrorDocument {
  errors: ErrorObject[];
  /** The request's id (X-Request-Id), so a person reporting the error can name the log lines behind it. */
  meta?: { requestId: string };
}

/** A resource object; the id is always a string on the wire. */
export function resource<T extends string, A extends object, R extends object = Record<string, Relationship>>(
  type: T,
  id: string | number,
  attributes: A,
  relationships?: R,
): Resource<T, A, R> {
  return relationships ? { type, id: String(id), attributes, relationships } : { type, id: String(id), attributes };
}

/** A list document `{ data, meta }` (plus `included` when there is any). */
export function listDocument<D, I>(data: D[], meta: ListMeta, included?: I[]): { data: D[]; meta: ListMeta; included?: I[] } {
  return included && included.length > 0 ? { data, meta, included } : { data, meta };
}

/** Paging meta for one page of itemTotal items; pageTotal is ceil(itemTotal / pageSize), 0 when there are none. */
export function listMeta(page: Paging, itemTotal: number): ListMeta {
  return { itemTotal, pageNumber: page.number, pageSize: page.size, pageTotal: Math.ceil(itemTotal / page.size) };
}

/** `{ errors, meta: { requestId } }`: the body of every failure. */
export function errorDocument(errors: ErrorObject[], requestId?: string): ErrorDocument {
  return requestId === undefined ? { errors } : { errors, meta: { requestId } };
}

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** The HTTP reason phrase of a status, used as the default error title. */
export function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

export interface HttpErrorOptions {
  detail?: string;
  code?: string;
  /** JSON pointer of the body field at fault. */
  pointer?: string;
  /** Query or path parameter at fault. */
  parameter?: string;
  /** Request header at fault. */
  header?: string;
  /** Response headers to send, e.g. Retry-After. */
  headers?: Record<string, string>;
}

/**
 * A failure a handler throws on purpose; the error handler sends it as a JSON:API errors document.
 * `title` is the message the client shows, so write it for people: `throw new HttpError(404, 'User not found')`.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly headers: Record<string, string>;

  constructor(status: number, title: string = reasonPhrase(status), options: HttpErrorOptions = {}) {
    super(title);
    this.name = 'HttpError';
    this.status = status;
    this.headers = options.headers ?? {};
    this.errors = [errorObject(status, title, options)];
  }

  /** One failure with several errors, e.g. one 422 per field at fault; `headers` are the first item's. */
  static withErrors(status: number, items: ReadonlyArray<{ title: string } & HttpErrorOptions>): HttpError {
    const [first] = items;
    const error = new HttpError(status, first?.title ?? reasonPhrase(status), first ?? {});
    error.errors.splice(0, error.errors.length, ...items.map((item) => errorObject(status, item.title, item)));
    return error;
  }

  /** 422 with one error per field: `{ firstname: 'first name is not in correct format' }` → pointers under /data/attributes. */
  static invalidAttributes(messages: Record<string, string>): HttpError {
    return HttpError.withErrors(
      422,
      Object.entries(messages).map(([field, title]) => ({ title, pointer: `/data/attributes/${field}` })),
    );
  }
}

function errorObject(status: number, title: string, options: HttpErrorOptions): ErrorObject {
  const source: ErrorSource | undefined = options.pointer
    ? { pointer: options.pointer }
    : options.parameter
      ? { parameter: options.parameter }
      : options.header
        ? { header: options.header }
        : undefined;
  return {
    status: String(status),
    title,
    ...(options.detail === undefined ? {} : { detail: options.detail }),
    ...(options.code === undefined ? {} : { code: options.code }),
    ...(source ? { source } : {}),
  };
}

/** The paging parameters of a list's query (validated by the contract, so numbers when present). */
export interface PagingQuery {
  'page[number]'?: unknown;
  'page[size]'?: unknown;
  page?: unknown;
}

/** Reads `page[number]` / `page[size]` (flat keys, or a parsed `page` object); a bad value is a 400 naming the parameter. */
export function parsePaging(query: PagingQuery, options: { defaultSize?: number; maxSize?: number } = {}): Paging {
  const defaultSize = options.defaultSize ?? 10;
  const maxSize = options.maxSize ?? 100;
  const nested = isRecord(query.page) ? query.page : {};
  const number = positiveInteger(query['page[number]'] ?? nested.number, 'page[number]', 1, Number.MAX_SAFE_INTEGER);
  const size = positiveInteger(query['page[size]'] ?? nested.size, 'page[size]', defaultSize, maxSize);
  return { number, size, offset: (number - 1) * size };
}

function positiveInteger(value: unknown, parameter: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const text = String(value);
  if (!/^\d{1,16}$/.test(text) || Number(text) < 1) {
    throw new HttpError(400, `${parameter} must be a whole number of at least 1`, { parameter });
  }
  const number = Number(text);
  if (number > max) throw new HttpError(400, `${parameter} must be at most ${max}`, { parameter });
  return number;
}

/**
 * Reads `sort` (one field, `-` prefix for descending) against an allow-list of wire fields → columns.
 * An unknown field is a 400 naming the `sort` parameter, so a typo never silently sorts by something else.
 */
export function parseSort<C extends string>(value: unknown, allowed: Record<string, C>, fallback: string): Sort<C> {
  const text = typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  const column = Object.prototype.hasOwnProperty.call(allowed, field) ? allowed[field] : undefined;
  if (column === undefined) {
    throw new HttpError(400, `Cannot sort by '${field}'. Allowed: ${Object.keys(allowed).join(', ')}`, { parameter: 'sort' });
  }
  return { field, column, direction: descending ? 'desc' : 'asc' };
}

/** A `filter[...]` value as a list reads it: trimmed, the last of repeated values, undefined when blank or absent. */
export function filterText(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null) return undefined;
  const text = String(last).trim();
  return text === '' ? undefined : text;
}

/**
 * `filter[id]` of a list (the live tables' single-row read): a row id written as digits, or undefined when absent;
 * anything else is a 400 naming the parameter. An id beyond the 32-bit columns is 0, which no row has.
 */
export function idFilter(value: unknown): number | undefined {
  const text = filterText(value);
  if (text === undefined) return undefined;
  if (!ROW_ID_TEXT.test(text)) throw new HttpError(400, 'filter[id] must be a row id (digits)', { parameter: 'filter[id]' });
  return parseRowId(text) ?? 0;
}

/** The filters among `values` that have a text (see filterText), by name. */
export function textFilters<K extends string>(values: Record<K, unknown>): Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const name in values) {
    const text = filterText(values[name]);
    if (text !== undefined) filters[name] = text;
  }
  return filters;
}

/** Splits `include=account,photo` into names; unknown names are a 400 naming `include`. */
export function parseInclude(value: unknown, allowed: readonly string[]): Set<string> {
  const names = typeof value === 'string' && value !== '' ? value.split(',').map((name) => name.trim()) : [];
  const unknown = names.filter((name) => name !== '' && !allowed.includes(name));
  if (unknown.length > 0) {
    throw new HttpError(400, `Unknown include: ${unknown.join(', ')}`, { parameter: 'include' });
  }
  return new Set(names.filter((name) => name !== ''));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
