// Where a JSON pointer's value starts in a file's text (1-based line and column), so an editor or Vite's overlay can
// open the file at a checker problem. A small reader of valid JSON that notes each value's offset.

interface Reader {
  text: string;
  at: number;
}

function skipSpace(reader: Reader): void {
  while (/\s/.test(reader.text[reader.at] ?? '')) reader.at += 1;
}

function readString(reader: Reader): string {
  const start = reader.at;
  reader.at += 1;
  while (reader.at < reader.text.length && reader.text[reader.at] !== '"') reader.at += reader.text[reader.at] === '\\' ? 2 : 1;
  reader.at += 1;
  return JSON.parse(reader.text.slice(start, reader.at)) as string;
}

/** Reads one value; records the offset of every value whose pointer is a prefix of `wanted`. */
function readValue(reader: Reader, pointer: string, wanted: string, found: Map<string, number>): void {
  skipSpace(reader);
  found.set(pointer, reader.at);
  const first = reader.text[reader.at];
  const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
  const inside = (child: string) => wanted === child || wanted.startsWith(`${child}/`);
  // A member or item, then its comma: offsets are noted only along the wanted pointer.
  const readMember = (child: string) => {
    if (inside(child)) readValue(reader, child, wanted, found);
    else readValue(reader, child, '', new Map());
    skipSpace(reader);
    if (reader.text[reader.at] === ',') reader.at += 1;
    skipSpace(reader);
  };
  if (first === '{') {
    reader.at += 1;
    skipSpace(reader);
    while (reader.text[reader.at] !== '}' && reader.at < reader.text.length) {
      skipSpace(reader);
      const key = readString(reader);
      skipSpace(reader);
      reader.at += 1; // ':'
      readMember(`${pointer}/${escape(key)}`);
    }
    reader.at += 1;
  } else if (first === '[') {
    reader.at += 1;
    skipSpace(reader);
    for (let index = 0; reader.text[reader.at] !== ']' && reader.at < reader.text.length; index += 1) {
      readMember(`${pointer}/${index}`);
    }
    reader.at += 1;
  } else if (first === '"') {
    readString(reader);
  } else {
    while (reader.at < reader.text.length && !/[\s,\]}]/.test(reader.text[reader.at] ?? '')) reader.at += 1;
  }
}

/** The line and column of `pointer` in `text`, or of its nearest existing parent (a missing property's object). */
export function pointerPosition(text: string, pointer: string): { line: number; column: number } {
  const found = new Map<string, number>();
  try {
    readValue({ text, at: 0 }, '', pointer, found);
  } catch {
    // not valid JSON: the start of the file
  }
  let place = pointer;
  while (!found.has(place) && place !== '') place = place.slice(0, place.lastIndexOf('/'));
  const offset = found.get(place) ?? 0;
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}
