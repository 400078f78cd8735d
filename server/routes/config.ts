// The config's health on the wire (the contract's getConfigHealth): the checker of `npm run check:config`, run on the
// config files this gateway reads, on the checker's own thread (src/config/check/checker-thread.ts).
import { sessionOf } from '../context.ts';
import { requireConfigAdmin } from '../domain/config/access.ts';
import type { Handlers, Schema } from './types.ts';

type Verdict = Schema<'ConfigFileVerdict'>;

export const handlers: Handlers = {
  async getConfigHealth(request) {
    const { db, teller } = request.server;
    await requireConfigAdmin(db, sessionOf(request));
    const health = await teller.configChecker.health(teller.configDir, teller.now());
    const data = health.files.map(
      (verdict): Verdict => ({
        type: 'config-file',
        id: verdict.file,
        attributes: { file: verdict.file, kind: verdict.kind, ok: verdict.problems.length === 0, problems: verdict.problems },
      }),
    );
    const problemCount = health.files.reduce((sum, verdict) => sum + verdict.problems.length, 0);
    return { data, meta: { fileCount: health.files.length, problemCount, notices: health.notices, checked: health.checked.toISOString() } };
  },
};
