// Reads the structure of a Compound File Binary file ([MS-CFB]: legacy .xls, .doc, .msi): the header, the FAT
// (with its DIFAT), the directory and the mini stream, far enough to list the root storage's streams and read the
// start of one. Every offset, chain and tree walk is bounded by the file's own size, so a forged or truncated file
// is refused (undefined), never followed into a loop or out of its bytes.

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** [MS-CFB] §2.1: sector numbers at and above this are markers (free, end of chain, FAT, DIFAT), not sectors. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_SIZE = 128;
const MINI_SECTOR_SIZE = 64;
const OBJECT_TYPE = { storage: 1, stream: 2, root: 5 } as const;

export interface CompoundStream {
  name: string;
  size: number;
  startSector: number;
}

export interface CompoundFile {
  /** The streams directly inside the root storage. */
  rootStreams: CompoundStream[];
  /** The first `length` bytes of a stream (fewer when the stream is shorter); undefined when its chain is broken. */
  readStart(stream: CompoundStream, length: number): Buffer | undefined;
}

interface DirectoryEntry extends CompoundStream {
  type: number;
  left: number;
  right: number;
  child: number;
}

/** The compound file in `bytes`, or undefined when its header, FAT or directory is not well formed. */
export function openCompoundFile(bytes: Buffer): CompoundFile | undefined {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(SIGNATURE)) return undefined;
  if (bytes.readUInt16LE(28) !== 0xfffe) return undefined;
  const major = bytes.readUInt16LE(26);
  const sectorShift = bytes.readUInt16LE(30);
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12)) || bytes.readUInt16LE(32) !== 6) return undefined;
  const sectorSize = 1 << sectorShift;
  // The header fills sector -1: sector n starts at (n + 1) * sectorSize.
  const sectorCount = Math.floor(bytes.length / sectorSize) - 1;
  if (sectorCount < 1) return undefined;
  const sector = (index: number): Buffer | undefined =>
    index >= 0 && index < sectorCount ? bytes.subarray((index + 1) * sectorSize, (index + 2) * sectorSize) : undefined;

  const fat = readFat(bytes, sectorSize, sectorCount, sector);
  if (!fat) return undefined;
  /** The sectors of the chain starting at `start`, in order; undefined when it leaves the file or loops. */
  const chain = (start: number): number[] | undefined => {
    const sectors: number[] = [];
    for (let current = start; current !== END_OF_CHAIN; current = fat[current] ?? NO_STREAM) {
      if (current > MAX_REGULAR_SECTOR || current >= sectorCount || sectors.length >= sectorCount) return undefined;
      sectors.push(current);
    }
    return sectors;
  };
  const chainBytes = (start: number): Buffer | undefined => {
    const sectors = chain(start);
    const parts = sectors?.map(sector);
    return parts && parts.every((part) => part !== undefined) ? Buffer.concat(parts as Buffer[]) : undefined;
  };

  const directory = chainBytes(bytes.readUInt32LE(48));
  if (!directory) return undefined;
  const entries: DirectoryEntry[] = [];
  for (let offset = 0; offset + DIRECTORY_ENTRY_SIZE <= directory.length; offset += DIRECTORY_ENTRY_SIZE) {
    entries.push(directoryEntry(directory.subarray(offset, offset + DIRECTORY_ENTRY_SIZE)));
  }
  const root = entries[0];
  if (!root || root.type !== OBJECT_TYPE.root) return undefined;
  const rootStreams = childrenOf(root, entries)?.filter((entry) => entry.type === OBJECT_TYPE.stream);
  if (!rootStreams) return undefined;

  const miniCutoff = bytes.readUInt32LE(56);
  let mini: { stream: Buffer; fat: Buffer } | undefined | null = null;
  const miniParts = () => {
    if (mini === null) {
      const stream = root.size > 0 ? chainBytes(root.startSector) : Buffer.alloc(0);
      const miniFat = bytes.readUInt32LE(64) > 0 ? chainBytes(bytes.readUInt32LE(60)) : Buffer.alloc(0);
      mini = stream && miniFat ? { stream, fat: miniFat } : undefined;
    }
    return mini;
  };

  return {
    rootStreams: rootStreams.map(({ name, size, startSector }) => ({ name, size, startSector })),
    readStart(stream, length) {
      const wanted = Math.min(length, stream.size);
      if (stream.size >= miniCutoff) return chainBytes(stream.startSector)?.subarray(0, wanted);
      const parts = miniParts();
      if (!parts) return undefined;
      const limit = parts.stream.length / MINI_SECTOR_SIZE;
      const out: Buffer[] = [];
      let collected = 0;
      for (let current = stream.startSector; collected < wanted; ) {
        if (current >= limit || out.length >= limit) return undefined;
        const piece = parts.stream.subarray(current * MINI_SECTOR_SIZE, (current + 1) * MINI_SECTOR_SIZE);
        out.push(piece);
        collected += piece.length;
        current = current * 4 + 4 <= parts.fat.length ? parts.fat.readUInt32LE(current * 4) : NO_STREAM;
      }
      return Buffer.concat(out).subarray(0, wanted);
    },
  };
}

/** The FAT as sector → next sector, read from the header's DIFAT and the DIFAT chain. */
function readFat(bytes: Buffer, sectorSize: number, sectorCount: number, sector: (index: number) => Buffer | undefined): Uint32Array | undefined {
  const fatSectorCount = bytes.readUInt32LE(44);
  if (fatSectorCount < 1 || fatSectorCount > sectorCount) return undefined;
  const fatSectors: number[] = [];
  for (let index = 0; index < HEADER_DIFAT_ENTRIES && fatSectors.length < fatSectorCount; index += 1) {
    fatSectors.push(bytes.readUInt32LE(76 + index * 4));
  }
  const perDifatSector = sectorSize / 4 - 1;
  let difat = bytes.readUInt32LE(68);
  for (let seen = 0; fatSectors.length < fatSectorCount; seen += 1) {
    const block = seen < sectorCount ? sector(difat) : undefined;
    if (!block) return undefined;
    for (let index = 0; index < perDifatSector && fatSectors.length < fatSectorCount; index += 1) fatSectors.push(block.readUInt32LE(index * 4));
    difat = block.readUInt32LE(perDifatSector * 4);
  }
  const fat = new Uint32Array((fatSectorCount * sectorSize) / 4);
  for (const [position, index] of fatSectors.entries()) {
    const block = sector(index);
    if (!block) return undefined;
    for (let entry = 0; entry < sectorSize / 4; entry += 1) fat[position * (sectorSize / 4) + entry] = block.readUInt32LE(entry * 4);
  }
  return fat;
}

function directoryEntry(raw: Buffer): DirectoryEntry {
  const nameLength = Math.min(raw.readUInt16LE(64), 64);
  return {
    // The length counts the terminating NUL.
    name: raw.subarray(0, Math.max(nameLength - 2, 0)).toString('utf16le'),
    type: raw.readUInt8(66),
    left: raw.readUInt32LE(68),
    right: raw.readUInt32LE(72),
    child: raw.readUInt32LE(76),
    startSector: raw.readUInt32LE(116),
    // Version 3 files may leave garbage in the high half; no stream this check reads is past 4 GB.
    size: raw.readUInt32LE(120),
  };
}

/** The entries of a storage: its child and every left and right sibling from there, each once. */
function childrenOf(storage: DirectoryEntry, entries: DirectoryEntry[]): DirectoryEntry[] | undefined {
  const found: DirectoryEntry[] = [];
  const seen = new Set<number>();
  const pending = [storage.child];
  for (let index = pending.pop(); index !== undefined; index = pending.pop()) {
    if (index === NO_STREAM) continue;
    const entry = entries[index];
    if (!entry || seen.has(index)) return undefined;
    seen.add(index);
    found.push(entry);
    pending.push(entry.left, entry.right);
  }
  return found;
}
