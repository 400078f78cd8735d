// Demo-mode helpers (docs/architecture.md: codes and e-mails the gateway "sends" go to an outbox shown at GET /dev/outbox).
import { listOutbox } from '../domain/outbox.ts';
import { HttpError, filterText } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

export const handlers: Handlers = {
  async listOutbox(request) {
    // Outside demo mode the outbox does not exist: the same 404 as any unknown path.
    if (!request.server.teller.demo) {
      throw new HttpError(404, 'Not Found', { detail: `No route for ${request.method} /dev/outbox` });
    }
    const to = filterText(request.query['filter[to]']);
    const rows = await listOutbox(request.server.db, { limit: 200, ...(to ? { to } : {}) });
    return {
      data: rows.map((row) => ({
        id: String(row.id),
        at: row.at,
        channel: row.channel,
        to: row.to,
        subject: row.subject,
        body: row.body,
        ...(row.code ? { code: row.code } : {}),
        ...(row.link ? { link: row.link } : {}),
      })),
    };
  },
};
