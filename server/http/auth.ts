// The contract's `bearerAuth` security scheme: a valid token from POST api/v1/id/token or POST connect/token.
import type { FastifyRequest } from 'fastify';
import { preparedQueries, slots } from '../db/prepared.ts';
import { STATUS } from '../domain/reference.ts';
import { HttpError } from './jsonapi.ts';

const invalidToken = () =>
  new HttpError(401, 'Session has expired', { detail: 'The bearer token is missing, invalid or expired.' });

/** Verifies the token, checks the account still exists and is not locked out, and sets request.session. */
export async function bearerAuth(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_\-.]{10,4096})$/.exec(header.trim()) : null;
  if (!match?.[1]) throw invalidToken();
  const { teller, db } = request.server;
  const session = await teller.tokens.verify(match[1], teller.now());
  if (!session) throw invalidToken();
  // Read on every request, so a token stops working as soon as its account is locked out.
  const [account] = await preparedQueries(db).execute(
    db,
    'bearer account',
    () => db.selectFrom('accounts').select(['status']).where('user_id', '=', slots('userId', session.userId)),
    { userId: session.userId },
  );
  if (!account || (account.status & STATUS.LockOut) !== 0) throw invalidToken();
  request.session = session;
}
