// What a list asks of the domain, already read from the query string by the routes (http/jsonapi.ts).

export interface Paging {
  /** 1-based page number. */
  number: number;
  size: number;
  offset: number;
}

export interface Sort<C extends string> {
  /** The wire field, e.g. `account.accountId`. */
  field: string;
  column: C;
  direction: 'asc' | 'desc';
}

/** One page of rows and how many rows match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}
