// Demo-mode switches of the reference gateway's simulated bank and settler (remittances-and-payouts §4; the
// contract's setBankMode and runSettler): outside demo mode both are the same 404 as any unknown path.
import type { FastifyRequest } from 'fastify';
import { auditEvent } from '../domain/audit.ts';
import { HttpError } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

function demoOnly(request: FastifyRequest): void {
  if (!request.server.teller.demo) throw new HttpError(404, 'Not Found', { detail: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}` });
}

export const handlers: Handlers = {
  async setBankMode(request) {
    demoOnly(request);
    const { mode } = request.body;
    const { simulatedBank, now } = request.server.teller;
    const before = simulatedBank.mode;
    simulatedBank.mode = mode;
    await auditEvent(request.server.db, {
      actorUserId: null,
      tenantId: null,
      action: 'bank.mode',
      entity: 'bank',
      entityId: 'simulated',
      before: { mode: before },
      after: { mode },
      at: now(),
    });
    return { data: { mode } };
  },

  async runSettler(request) {
    demoOnly(request);
    const settled = await request.server.teller.settler.runOnce();
    return { data: { settled: settled.size, results: Object.fromEntries([...settled].map(([id, statusId]) => [String(id), statusId])) } };
  },
};
