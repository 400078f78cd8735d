// Builds small Compound File Binary files ([MS-CFB] version 3, 512-byte sectors) for upload tests: streams under
// 4096 bytes go to the mini stream, larger ones to regular sectors, as Excel writes them.

const SECTOR = 512;
const MINI = 64;
const CUTOFF = 4096;
const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/** A BIFF8 workbook stream: a BOF record (0x0809) and padding, `size` bytes in all. */
export function biffWorkbook(size = 600): Buffer {
  const stream = Buffer.alloc(size);
  stream.writeUInt16LE(0x0809, 0);
  stream.writeUInt16LE(16, 2);
  stream.writeUInt16LE(0x0600, 4);
  stream.writeUInt16LE(0x0005, 6);
  return stream;
}

function padded(bytes: Buffer, unit: number): Buffer {
  const size = Math.max(unit, Math.ceil(bytes.length / unit) * unit);
  return Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
}

/** A compound file whose root storage holds `streams` (at most 3), in order. */
export function compoundFile(streams: Record<string, Buffer>): Buffer {
  const named = Object.entries(streams);
  if (named.length > 3) throw new Error('compoundFile holds at most 3 streams (one directory sector)');
  const fat: number[] = [FAT_SECTOR, END, END];
  const miniFat: number[] = [];
  const miniParts: Buffer[] = [];
  const largeParts: Buffer[] = [];
  const starts: number[] = [];

  for (const [, bytes] of named) {
    if (bytes.length < CUTOFF) {
      const start = miniFat.length;
      const count = Math.max(1, Math.ceil(bytes.length / MINI));
      for (let index = 0; index < count; index += 1) miniFat.push(index === count - 1 ? END : start + index + 1);
      miniParts.push(padded(bytes, MINI));
      starts.push(start);
    } else {
      starts.push(-1);
    }
  }
  const miniStream = padded(Buffer.concat(miniParts), SECTOR);
  const miniStart = fat.length;
  const miniSectors = miniParts.length > 0 ? miniStream.length / SECTOR : 0;
  for (let index = 0; index < miniSectors; index += 1) fat.push(index === miniSectors - 1 ? END : miniStart + index + 1);
  named.forEach(([, bytes], position) => {
    if (bytes.length < CUTOFF) return;
    const start = fat.length;
    const count = Math.ceil(bytes.length / SECTOR);
    for (let index = 0; index < count; index += 1) fat.push(index === count - 1 ? END : start + index + 1);
    largeParts.push(padded(bytes, SECTOR));
    starts[position] = start;
  });
  if (fat.length > SECTOR / 4) throw new Error('compoundFile holds at most 128 sectors (one FAT sector)');

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44);
  header.writeUInt32LE(1, 48);
  header.writeUInt32LE(CUTOFF, 56);
  header.writeUInt32LE(miniFat.length > 0 ? 2 : END, 60);
  header.writeUInt32LE(miniFat.length > 0 ? 1 : 0, 64);
  header.writeUInt32LE(END, 68);
  for (let index = 0; index < 109; index += 1) header.writeUInt32LE(index === 0 ? 0 : FREE, 76 + index * 4);

  const fatSector = Buffer.alloc(SECTOR, 0xff);
  fat.forEach((next, index) => fatSector.writeUInt32LE(next, index * 4));
  const miniFatSector = Buffer.alloc(SECTOR, 0xff);
  miniFat.forEach((next, index) => miniFatSector.writeUInt32LE(next, index * 4));

  const directory = Buffer.alloc(SECTOR);
  const entry = (index: number, name: string, type: number, start: number, size: number, right: number, child: number) => {
    const raw = directory.subarray(index * 128, (index + 1) * 128);
    raw.write(name, 0, 'utf16le');
    raw.writeUInt16LE((name.length + 1) * 2, 64);
    raw.writeUInt8(type, 66);
    raw.writeUInt8(1, 67);
    raw.writeUInt32LE(FREE, 68);
    raw.writeUInt32LE(right, 72);
    raw.writeUInt32LE(child, 76);
    raw.writeUInt32LE(start, 116);
    raw.writeUInt32LE(size, 120);
  };
  entry(0, 'Root Entry', 5, miniSectors > 0 ? miniStart : END, miniParts.length > 0 ? Buffer.concat(miniParts).length : 0, FREE, named.length > 0 ? 1 : FREE);
  named.forEach(([name, bytes], position) => {
    entry(position + 1, name, 2, starts[position] ?? END, bytes.length, position + 1 < named.length ? position + 2 : FREE, FREE);
  });

  return Buffer.concat([header, fatSector, directory, miniFatSector, ...(miniSectors > 0 ? [miniStream] : []), ...largeParts]);
}
