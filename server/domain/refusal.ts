// How the domain says no without knowing HTTP (docs/architecture.md, conventions). A refusal changes nothing: it is thrown, so the
// database transaction it happens in rolls back, and the gateway's one error handler (http/errors.ts) answers
// it: invalid 422, not_found 404, forbidden 403, conflict 409, a `field` as the pointer /data/attributes/<field>.
// Where the route must act on a result (count a wrong code, answer a replay), the domain returns an outcome union
// instead (wallet/transactions.ts), and the route maps each outcome.

export type RefusalKind = 'invalid' | 'not_found' | 'forbidden' | 'conflict';

export interface RefusalReason {
  /** What the client shows, in the spec's words where it has them. */
  message: string;
  /** The request attribute at fault, e.g. `firstname` or `Amount`. */
  field?: string;
  detail?: string;
  /** A machine-readable reason, e.g. `email_in_use`. */
  code?: string;
}

export class DomainRefusal extends Error {
  readonly kind: RefusalKind;
  readonly reasons: readonly RefusalReason[];

  constructor(kind: RefusalKind, reasons: RefusalReason | readonly RefusalReason[]) {
    const list = Array.isArray(reasons) ? reasons : [reasons];
    super(list[0]?.message ?? kind);
    this.name = 'DomainRefusal';
    this.kind = kind;
    this.reasons = list;
  }

  /** `invalid`, one reason per field: `{ firstname: 'first name is not in correct format' }`. */
  static invalidFields(errors: Readonly<Record<string, string>>): DomainRefusal {
    return new DomainRefusal('invalid', Object.entries(errors).map(([field, message]) => ({ message, field })));
  }
}
