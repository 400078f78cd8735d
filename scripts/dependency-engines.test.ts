// Every package a fresh machine installs (package-lock.json, what `npm ci` reads) runs on the oldest Node that Teller's
// own `engines` allows: a dependency that needs a newer Node installs with a warning only, and then fails where it is
// first used (content-disposition 3, under @fastify/static, asks for Node 22; package.json's overrides pin 2).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minVersion, satisfies } from 'semver';

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as Lock;

describe('the dependencies’ Node engines', () => {
  it('every locked package allows the oldest Node that package.json’s engines allows', () => {
    const oldest = minVersion(own.engines.node);
    expect(oldest?.version).toMatch(/^20\./);
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return path !== '' && wanted && !satisfies(oldest!, wanted) ? [`${path}@${entry.version} wants node ${wanted}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
