import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CachedStatements, type SqliteStatements } from './statement-cache.ts';

const opened: SqliteDatabase.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

/** An in-memory database that counts how often each SQL text is prepared. */
function counting(): { database: SqliteStatements; prepared: Map<string, number>; sqlite: SqliteDatabase.Database } {
  const sqlite = new SqliteDatabase(':memory:');
  opened.push(sqlite);
  const prepared = new Map<string, number>();
  const database: SqliteStatements = {
    prepare(sql: string) {
      prepared.set(sql, (prepared.get(sql) ?? 0) + 1);
      return sqlite.prepare(sql);
    },
    close: () => sqlite.close(),
  };
  return { database, prepared, sqlite };
}

describe('CachedStatements', () => {
  it('prepares each SQL text once and runs it again with new parameters', () => {
    const { database, prepared, sqlite } = counting();
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const cache = new CachedStatements(database);
    for (const name of ['a', 'b', 'c']) cache.prepare('INSERT INTO t (name) VALUES (?)').run([name]);
    expect(cache.prepare('SELECT name FROM t WHERE id > ? ORDER BY id').all([1])).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(cache.prepare('SELECT name FROM t WHERE id > ? ORDER BY id').all([2])).toEqual([{ name: 'c' }]);
    expect(prepared.get('INSERT INTO t (name) VALUES (?)')).toBe(1);
    expect(prepared.get('SELECT name FROM t WHERE id > ? ORDER BY id')).toBe(1);
  });

  it('keeps a statement usable after it failed', () => {
    const { database, sqlite } = counting();
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
    const cache = new CachedStatements(database);
    const insert = 'INSERT INTO t (name) VALUES (?)';
    cache.prepare(insert).run(['a']);
    expect(() => cache.prepare(insert).run(['a'])).toThrow(/UNIQUE/);
    cache.prepare(insert).run(['b']);
    expect(cache.prepare('SELECT count(*) AS n FROM t').all([])).toEqual([{ n: 2 }]);
  });

  it('keeps at most its capacity, letting the least recently used statement go first', () => {
    const { database, prepared } = counting();
    const cache = new CachedStatements(database, 2);
    cache.prepare('SELECT 1');
    cache.prepare('SELECT 2');
    cache.prepare('SELECT 1');
    cache.prepare('SELECT 3');
    expect(cache.size).toBe(2);
    cache.prepare('SELECT 1');
    cache.prepare('SELECT 2');
    expect(prepared.get('SELECT 1')).toBe(1);
    expect(prepared.get('SELECT 2')).toBe(2);
  });
});
