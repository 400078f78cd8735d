import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withPlainRows } from './sqlite-rows.ts';

const opened: SqliteDatabase.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

function database(): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(':memory:');
  opened.push(sqlite);
  sqlite.exec(`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, amount_minor INTEGER, photo BLOB);
    CREATE TABLE notes (id INTEGER PRIMARY KEY, person_id INTEGER, text TEXT);
    INSERT INTO people VALUES (1, 'Hodan Ali', 125000, NULL), (2, 'Abdi Warsame', NULL, x'00ff');
    INSERT INTO notes VALUES (7, 2, 'called back');`);
  return sqlite;
}

describe('withPlainRows', () => {
  it('answers every row with its columns in order and their values as SQLite holds them', () => {
    const rows = withPlainRows(database().prepare('SELECT * FROM people WHERE id >= ? ORDER BY id')).all([1]);
    expect(rows).toEqual([
      { id: 1, name: 'Hodan Ali', amount_minor: 125000, photo: null },
      { id: 2, name: 'Abdi Warsame', amount_minor: null, photo: Buffer.from([0x00, 0xff]) },
    ]);
    expect(rows.map((row) => Object.keys(row as object))).toEqual([
      ['id', 'name', 'amount_minor', 'photo'],
      ['id', 'name', 'amount_minor', 'photo'],
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('answers no rows as an empty list, and runs again with new parameters', () => {
    const statement = withPlainRows(database().prepare('SELECT name FROM people WHERE id = ?'));
    expect(statement.all([3])).toEqual([]);
    expect(statement.all([2])).toEqual([{ name: 'Abdi Warsame' }]);
  });

  it('keeps a name repeated by a join in its first place with its last value, as better-sqlite3 does', () => {
    const sql = 'SELECT people.id, people.name, notes.id FROM people JOIN notes ON notes.person_id = people.id';
    const [row] = withPlainRows(database().prepare(sql)).all([]);
    expect(row).toEqual({ id: 7, name: 'Abdi Warsame' });
    expect(Object.keys(row as object)).toEqual(['id', 'name']);
  });

  it('follows a schema change under a kept statement: a new column shows in its rows', () => {
    const sqlite = database();
    const statement = withPlainRows(sqlite.prepare('SELECT * FROM notes'));
    expect(statement.all([])).toEqual([{ id: 7, person_id: 2, text: 'called back' }]);
    sqlite.exec("ALTER TABLE notes ADD COLUMN kind TEXT NOT NULL DEFAULT 'call'");
    expect(statement.all([])).toEqual([{ id: 7, person_id: 2, text: 'called back', kind: 'call' }]);
  });

  it('runs writers as they are and iterates rows as objects', () => {
    const sqlite = database();
    const insert = withPlainRows(sqlite.prepare('INSERT INTO notes (person_id, text) VALUES (?, ?)'));
    expect(insert.run([1, 'sent the code'])).toMatchObject({ changes: 1, lastInsertRowid: 8 });
    const select = withPlainRows(sqlite.prepare('SELECT id, text FROM notes ORDER BY id'));
    select.all([]);
    expect([...select.iterate([])]).toEqual([
      { id: 7, text: 'called back' },
      { id: 8, text: 'sent the code' },
    ]);
  });
});
