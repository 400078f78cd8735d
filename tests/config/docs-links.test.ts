// The repository's Markdown links resolve (issue 23, "A README that is a front door"): a link to a file names one that
// exists, a #fragment names a heading of its target as GitHub renders it, and a picture is a file with alt text, kept
// small enough to read in a browser at once (at most 200 KB, as the issue asks of the README's screenshots); the README
// itself stays at most about 250 lines.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
// Built, installed or written at run time: not the repository's documentation.
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'dist-server', 'data', 'coverage', 'test-results', 'playwright-report', '.vite']);
const MAX_IMAGE_BYTES = 200 * 1024;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a bracket is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, a repeat numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  image: boolean;
  text: string;
  target: string;
}

function linksOf(markdown: string): Link[] {
  return [...prose(markdown).matchAll(/(!?)\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({
    image: match[1] === '!',
    text: match[2] ?? '',
    target: match[3] ?? '',
  }));
}

/** What is wrong with each link of `file` (its text `markdown`), one line each; external addresses are not followed. */
function linkProblems(file: string, markdown: string, read: (path: string) => string | null = readIfFile): string[] {
  const problems: string[] = [];
  const where = relative(ROOT, file);
  for (const link of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue;
    const [path = '', fragment] = link.target.split('#', 2);
    const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const text = path === '' ? markdown : read(target);
    if (text === null) {
      problems.push(`${where}: ${link.target} names no file`);
      continue;
    }
    if (fragment !== undefined && target.endsWith('.md') && !anchorsOf(text).has(decodeURIComponent(fragment))) {
      problems.push(`${where}: ${link.target} names no heading of ${relative(ROOT, target)}`);
    }
    if (link.image && link.text.trim() === '') problems.push(`${where}: the picture ${link.target} has no alt text`);
    if (link.image && statSync(target).size > MAX_IMAGE_BYTES) problems.push(`${where}: the picture ${link.target} is over 200 KB`);
  }
  return problems;
}

function readIfFile(path: string): string | null {
  if (!existsSync(path) || !statSync(path).isFile()) return existsSync(path) ? '' : null;
  return path.endsWith('.md') ? readFileSync(path, 'utf8') : '';
}

describe('the README is a front door', () => {
  it('holds at most 250 lines: figures go to docs/benchmarks.md, guides to docs/', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
  });
});

describe('links in the repository\'s Markdown', () => {
  it('every link and picture in every Markdown file resolves, with its #heading, alt text and size', () => {
    const files = markdownFiles(ROOT);
    expect(files.map((file) => relative(ROOT, file))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/benchmarks.md']));
    expect(files.flatMap((file) => linkProblems(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('reports a link to a missing file, to a missing heading, and a picture without alt text', () => {
    const file = join(ROOT, 'docs', 'sample.md');
    const sample = [
      '# A page', '## Its `second` part, again', '',
      '[here](#a-page) [there](#its-second-part-again) [the README](../README.md#teller) [outside](https://example.test/x.md)',
      '[gone](missing.md) [no such part](architecture.md#no-such-heading) [no such part here](#nowhere)',
      '![](images/remittances.png) `[in code](missing-too.md)`',
    ].join('\n');
    expect(linkProblems(file, sample)).toEqual([
      'docs/sample.md: missing.md names no file',
      'docs/sample.md: architecture.md#no-such-heading names no heading of docs/architecture.md',
      'docs/sample.md: #nowhere names no heading of docs/sample.md',
      'docs/sample.md: the picture images/remittances.png has no alt text',
    ]);
  });
});
