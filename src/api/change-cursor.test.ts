import { describe, expect, it } from 'vitest';
import { noteChangeCursor, takeChangeCursor } from './change-cursor';

describe('change cursor', () => {
  it('keeps the earliest cursor of a token, on SQLite (an id) and PostgreSQL (transaction-id)', () => {
    noteChangeCursor('sqlite', '12');
    noteChangeCursor('sqlite', '9');
    noteChangeCursor('sqlite', '30');
    expect(takeChangeCursor('sqlite')).toBe('9');
    noteChangeCursor('postgres', '900-12');
    noteChangeCursor('postgres', '800-40');
    noteChangeCursor('postgres', '800-41');
    expect(takeChangeCursor('postgres')).toBe('800-40');
  });

  it('is taken once; answers after the stream started, another token’s and a malformed header do not count', () => {
    noteChangeCursor('mine', '5');
    noteChangeCursor('other', '1');
    noteChangeCursor('mine', '1e3');
    noteChangeCursor('mine', null);
    expect(takeChangeCursor('mine')).toBe('5');
    noteChangeCursor('mine', '3');
    expect(takeChangeCursor('mine')).toBeUndefined();
    expect(takeChangeCursor('never-read')).toBeUndefined();
    expect(takeChangeCursor('other')).toBe('1');
  });
});
