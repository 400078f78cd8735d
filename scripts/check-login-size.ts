// Fails when the JavaScript the login route loads exceeds its budget (150 KB gzip).
// Reads Vite's manifest: the entry chunk, the login screen's lazy chunk, and every chunk they import statically.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const LIMIT_BYTES = 150 * 1024;
const distDir = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const roots = ['index.html', 'src/features/auth/LoginPage.tsx'];
const seen = new Set<string>();
function visit(key: string) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: did the login screen move? Update scripts/check-login-size.ts`);
  seen.add(key);
  chunk.imports?.forEach(visit);
}
roots.forEach(visit);

let total = 0;
for (const key of seen) {
  const file = manifest[key]?.file ?? '';
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const verdict = total <= LIMIT_BYTES ? 'ok' : 'over budget';
console.log(`login route JS: ${(total / 1024).toFixed(1)} KB gzip (limit ${LIMIT_BYTES / 1024} KB): ${verdict}`);
if (total > LIMIT_BYTES) process.exit(1);
