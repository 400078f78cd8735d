// A config mistake, located by file and JSON pointer, with how to fix it (docs/architecture.md, conventions).

export interface Problem {
  /** Repository-relative path with posix separators, e.g. tenants/naccug.json. */
  file: string;
  /** JSON pointer into the file ('' is the whole file). */
  pointer: string;
  message: string;
  fix: string;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}#${problem.pointer}: ${problem.message} (${problem.fix})`;
}

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins pointer tokens: pointer('', 'columns', 3, 'field') is '/columns/3/field'. */
export function pointer(base: string, ...tokens: (string | number)[]): string {
  return base + tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** "a, b or c" for fix hints; long lists are cut. */
export function listOf(values: readonly (string | number)[], max = 12): string {
  const shown = values.slice(0, max).map((value) => `'${value}'`);
  if (values.length > max) shown.push('…');
  return shown.length <= 1 ? (shown[0] ?? 'nothing') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A list too long to show whole (more than `max`) with the names near a misspelt `name` first, so the likely one shows. */
export function closestFirst(name: string, known: readonly string[], max = 16): string[] {
  if (known.length <= max) return [...known];
  const near = (candidate: string) => distance(name, candidate) <= Math.max(2, Math.floor(name.length / 4));
  return [...known.filter(near), ...known.filter((candidate) => !near(candidate))];
}
