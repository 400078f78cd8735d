// Each list operation a table file may name, fetched by the feature that owns it (src/render/table/table-sources.tsx):
// every feature's table-sources.ts, found by name, so a feature with a new list operation adds its source in its own
// file and nowhere else. Bundled with the shell as before (eager: imported, not loaded on first use).
import type { TableSources } from '../render/table';

const modules = import.meta.glob<Record<string, TableSources>>('../features/**/table-sources.ts', { eager: true });

export const tableSources: TableSources = Object.assign({}, ...Object.values(modules).flatMap((exported) => Object.values(exported)));
