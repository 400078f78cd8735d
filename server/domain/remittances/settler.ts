// The settler: settles re-initiated and reprocessed payouts through the bank (the contract's "Remittances and
// payouts" Settler). Its queue is payout_queue, in the database, so a restart loses nothing: a row is claimed by one
// UPDATE that only a free claim, or one older than the lease (its settler died), lets through, and the bank is asked
// about the reference before paying, so a payment made just before a crash is found (00) and never made twice.
// Per row: 00 → 256 without paying; 01 → pay under the same reference; 32 → pay under `{reference}A` once (a row
// already re-issued settles to 128); another code → 128 with the bank's message; a payment the bank accepts → 256,
// a refused one → 128 with its message; a bank that is down → 128 'Beneficiary Bank not available', a slow one
// → 128 'Timeout waiting for response from destination'. A row edited or cancelled meanwhile has left the queue,
// and the settler leaves it alone.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Remittance } from '../../db/schema.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { BANK_CODE, BankUnreachable, type BankAnswer, type BankLine } from '../bank/bank.ts';
import { REMITTANCE_ENTITY } from './actions.ts';
import { REMITTANCE_STATUS, STATUS_TEXT, bankReference, reissuedExternalId } from './rules.ts';

export interface SettlerOptions {
  db: Db;
  bank: BankLine;
  now: () => Date;
  /** A claim older than this is taken again (its settler stopped mid-row); default 2 minutes. */
  leaseMs?: number;
  /** Rows read per round trip; default 50. */
  batch?: number;
  /** Where a failed round is reported; it is retried next time. */
  onError?: (error: unknown) => void;
}

/** What one row settled to. */
export type SettledStatus = typeof REMITTANCE_STATUS.Successful | typeof REMITTANCE_STATUS.Failed;

interface Settlement {
  statusId: SettledStatus;
  status: string;
  /** The bank's answer that decided it. */
  answer: BankAnswer;
  /** Set when the payout went out again as `{reference}A` (RP §4 code 32). */
  reissued?: { payoutExternalId: string; originalId: string };
}

const approved = (answer: BankAnswer): Settlement => ({ statusId: REMITTANCE_STATUS.Successful, status: STATUS_TEXT.Approved, answer });
const refused = (answer: BankAnswer): Settlement => ({ statusId: REMITTANCE_STATUS.Failed, status: answer.message, answer });

/** The payout queue as an operator watches it (the gateway's metrics): rows waiting and how long the oldest has waited. */
export interface QueueState {
  depth: number;
  oldestAgeSeconds: number;
}

export async function payoutQueueState(db: Db, now: Date): Promise<QueueState> {
  const row = await db
    .selectFrom('payout_queue')
    .select((eb) => [eb.fn.countAll<number | string>().as('depth'), eb.fn.min('queued_at').as('oldest')])
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? undefined : Date.parse(row.oldest);
  return {
    depth: Number(row.depth),
    oldestAgeSeconds: oldest === undefined || Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}

export class Settler {
  private readonly db: Db;
  private readonly bank: BankLine;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly onError: (error: unknown) => void;
  /** The round in progress: rounds never overlap, so a round asked for now starts after it. */
  private round: Promise<Map<number, SettledStatus>> = Promise.resolve(new Map());
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: SettlerOptions) {
    this.db = options.db;
    this.bank = options.bank;
    this.now = options.now;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batch = options.batch ?? 50;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Settles every row queued now (after any round in progress); answers what each settled to. */
  runOnce(): Promise<Map<number, SettledStatus>> {
    const next = this.round.catch(() => new Map<number, SettledStatus>()).then(() => this.settleQueued());
    this.round = next;
    return next;
  }

  /** Runs a round every `intervalMs` until stop(). */
  start(intervalMs: number): void {
    this.stopped = false;
    const tick = () => {
      this.timer = undefined;
      void this.runOnce()
        .catch((error: unknown) => this.onError(error))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /** Stops the timer and waits for the round in progress (the gateway closes its database after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.round.catch(() => undefined);
  }

  private async settleQueued(): Promise<Map<number, SettledStatus>> {
    const settled = new Map<number, SettledStatus>();
    const tried = new Set<number>();
    for (;;) {
      const cutoff = new Date(this.now().getTime() - this.leaseMs).toISOString();
      const candidates = await this.db
        .selectFrom('payout_queue')
        .select('remittance_id')
        .where((eb) => eb.or([eb('claim', 'is', null), eb('claimed_at', '<', cutoff)]))
        .orderBy('queued_at')
        .orderBy('remittance_id')
        .limit(this.batch + tried.size)
        .execute();
      const fresh = candidates.map((row) => row.remittance_id).filter((id) => !tried.has(id));
      if (fresh.length === 0) return settled;
      for (const id of fresh) {
        // Stopping (the gateway closes): the row in hand was finished; the rest wait in the queue for the next start.
        if (this.stopped) return settled;
        tried.add(id);
        const claim = await this.claim(id, cutoff);
        if (claim === null) continue;
        const statusId = await this.settle(id, claim);
        if (statusId !== null) settled.set(id, statusId);
      }
    }
  }

  /** Takes the row for this settler with one UPDATE; null when another settler holds a live claim. */
  private async claim(id: number, cutoff: string): Promise<string | null> {
    const claim = randomUUID();
    const result = await this.db
      .updateTable('payout_queue')
      .set({ claim, claimed_at: this.now().toISOString() })
      .where('remittance_id', '=', id)
      .where((eb) => eb.or([eb('claim', 'is', null), eb('claimed_at', '<', cutoff)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? claim : null;
  }

  private async settle(id: number, claim: string): Promise<SettledStatus | null> {
    const row = await this.db.selectFrom('remittances').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) {
      await this.db.deleteFrom('payout_queue').where('remittance_id', '=', id).execute();
      return null;
    }
    let settlement: Settlement;
    try {
      settlement = await this.decide(row);
    } catch (error) {
      if (!(error instanceof BankUnreachable)) throw error;
      settlement = refused({ code: error.reason === 'down' ? '91' : '97', message: error.message });
    }
    return this.finish(row, claim, settlement);
  }

  /** Asks the bank about the reference, then pays when the contract says so. */
  private async decide(row: Remittance): Promise<Settlement> {
    const reference = bankReference(row.payout_external_id);
    const held = await this.bank.transactionStatus(reference);
    if (held.code === BANK_CODE.Approved) return approved(held);
    if (held.code === BANK_CODE.NotFound) return this.pay(row, reference);
    if (held.code === BANK_CODE.ReferenceExists && row.original_id === null) {
      const payoutExternalId = reissuedExternalId(row.payout_external_id);
      const settlement = await this.pay(row, bankReference(payoutExternalId));
      return { ...settlement, reissued: { payoutExternalId, originalId: reference } };
    }
    return refused(held);
  }

  private async pay(row: Remittance, reference: string): Promise<Settlement> {
    const tenant = await this.db.selectFrom('tenants').select('config_json').where('id', '=', row.tenant_id).executeTakeFirst();
    const config: unknown = tenant ? JSON.parse(tenant.config_json) : {};
    const fromAccount =
      typeof config === 'object' && config !== null && 'payoutAccount' in config && typeof config.payoutAccount === 'string' ? config.payoutAccount : '';
    const answer = await this.bank.pay({
      reference,
      amountMinor: row.receiver_amount_minor,
      currency: row.receiver_currency,
      fromAccount,
      recipientBankCode: row.beneficiary_bank_code,
      recipientAccountNumber: row.beneficiary_account,
    });
    return answer.code === BANK_CODE.Approved ? approved(answer) : refused(answer);
  }

  /** Writes the settlement if this settler still holds the row's claim; null when it left the queue meanwhile. */
  private async finish(row: Remittance, claim: string, settlement: Settlement): Promise<SettledStatus | null> {
    const now = this.now();
    // The system settles: no user acts, and the row's own tenant carries the audit row.
    return unitOfWork(this.db, { userId: null, tenantId: null, now }, async ({ db: trx, change: record }) => {
      const left = await trx.deleteFrom('payout_queue').where('remittance_id', '=', row.id).where('claim', '=', claim).executeTakeFirst();
      if (left.numDeletedRows === 0n) return null;
      const current = await trx.selectFrom('remittances').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      const change = {
        status_id: settlement.statusId,
        status: settlement.status,
        ...(settlement.reissued ? { payout_external_id: settlement.reissued.payoutExternalId, original_id: settlement.reissued.originalId } : {}),
      };
      await trx
        .updateTable('remittances')
        .set({ ...change, version: current.version + 1, updated: now.toISOString() })
        .where('id', '=', row.id)
        .execute();
      await record({
        tenantId: current.tenant_id,
        action: 'remittance.settle',
        entity: REMITTANCE_ENTITY,
        entityId: row.id,
        before: { statusId: current.status_id, status: current.status, payoutExternalId: current.payout_external_id },
        after: {
          statusId: settlement.statusId,
          status: settlement.status,
          payoutExternalId: settlement.reissued?.payoutExternalId ?? current.payout_external_id,
        },
        reason: `Bank: ${settlement.answer.code} ${settlement.answer.message}`,
      });
      return settlement.statusId;
    });
  }
}
