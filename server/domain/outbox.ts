// Codes and e-mails the gateway "sends" (docs/architecture.md): stored in the outbox, shown at GET /dev/outbox in demo mode.
import type { Db } from '../db/connection.ts';
import type { OutboxChannel } from '../db/schema.ts';

export interface OutgoingMessage {
  channel: OutboxChannel;
  /** E-mail address or phone number. */
  to: string;
  subject?: string | null;
  body: string;
  /** A one-time code or recovery code, so the demo outbox can show it plainly. */
  code?: string | null;
  link?: string | null;
  tenantId?: string | null;
}

export interface OutboxRow {
  id: number;
  at: string;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
}

/** Writes the message to the outbox; in demo mode pass `log` so it also shows in the gateway's log. */
export async function send(
  db: Db,
  message: OutgoingMessage,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<void> {
  const created = (options.now ?? new Date()).toISOString();
  await db
    .insertInto('outbox')
    .values({
      tenant_id: message.tenantId ?? null,
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.body,
      code: message.code ?? null,
      link: message.link ?? null,
      created,
    })
    .execute();
  options.log?.(
    `outbox ${message.channel} to ${message.to}: ${message.subject ?? message.body}` +
      (message.code ? ` [code ${message.code}]` : '') +
      (message.link ? ` [link ${message.link}]` : ''),
  );
}

/** The newest messages first, at most `limit`, optionally only those sent to one address. */
export async function listOutbox(db: Db, options: { limit?: number; to?: string } = {}): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(options.limit ?? 100);
  if (options.to) query = query.where('recipient', '=', options.to);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.created,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    code: row.code,
    link: row.link,
  }));
}
