import { describe, expect, it } from 'vitest';
import { pointerPosition } from './json-position.ts';

const text = `{
  "id": "users",
  "columns": [
    { "id": "rowNumber", "header": "#" },
    {
      "id": "name",
      "header": "Na\\"me"
    }
  ]
}
`;

describe('pointerPosition', () => {
  it('finds the line and column where a pointer’s value starts', () => {
    expect(pointerPosition(text, '')).toEqual({ line: 1, column: 1 });
    expect(pointerPosition(text, '/id')).toEqual({ line: 2, column: 9 });
    expect(pointerPosition(text, '/columns/0/header')).toEqual({ line: 4, column: 36 });
    expect(pointerPosition(text, '/columns/1/header')).toEqual({ line: 7, column: 17 });
  });

  it('falls back to the nearest parent for a missing property, and to the start for broken JSON', () => {
    expect(pointerPosition(text, '/columns/1/width')).toEqual({ line: 5, column: 5 });
    expect(pointerPosition('{ "a": ', '/a/b')).toEqual({ line: 1, column: 8 });
  });
});
