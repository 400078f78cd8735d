// The compound file reader ([MS-CFB]) behind the xls upload check: structure, not bytes that look right.
import { describe, expect, it } from 'vitest';
import { biffWorkbook, compoundFile } from '../../testing/compound-file.ts';
import { openCompoundFile } from './compound-file.ts';

describe('openCompoundFile', () => {
  it('lists the root streams and reads a stream from the mini stream and from regular sectors', () => {
    const small = biffWorkbook(600);
    const large = Buffer.concat([biffWorkbook(8), Buffer.alloc(5000, 7)]);
    const file = openCompoundFile(compoundFile({ Workbook: small, Big: large }));
    expect(file?.rootStreams.map((stream) => [stream.name, stream.size])).toEqual([
      ['Workbook', 600],
      ['Big', 5008],
    ]);
    const [workbook, big] = file?.rootStreams ?? [];
    expect(workbook && file?.readStart(workbook, 8)).toEqual(small.subarray(0, 8));
    expect(big && file?.readStart(big, 5008)).toEqual(large);
  });

  it('refuses a file that only starts like one, or is cut short', () => {
    const bytes = compoundFile({ Workbook: biffWorkbook() });
    expect(openCompoundFile(Buffer.concat([bytes.subarray(0, 8), Buffer.alloc(1016), Buffer.from('Workbook', 'utf16le')]))).toBeUndefined();
    expect(openCompoundFile(bytes.subarray(0, 600))).toBeUndefined();
    expect(openCompoundFile(Buffer.alloc(0))).toBeUndefined();
  });

  it('stops at a FAT chain that loops and a directory tree that cycles, without hanging', () => {
    const looped = compoundFile({ Workbook: biffWorkbook() });
    // Sector 1 (the directory) points back at itself.
    looped.writeUInt32LE(1, 512 + 4);
    expect(openCompoundFile(looped)).toBeUndefined();

    const cycled = compoundFile({ A: biffWorkbook(), B: biffWorkbook() });
    // Entry 2's right sibling is entry 1 again.
    cycled.writeUInt32LE(1, 1024 + 2 * 128 + 72);
    expect(openCompoundFile(cycled)).toBeUndefined();
  });

  it('refuses a mini stream chain that leaves the mini stream', () => {
    const bytes = compoundFile({ Workbook: biffWorkbook() });
    // The Workbook entry starts at mini sector 9999.
    bytes.writeUInt32LE(9999, 1024 + 128 + 116);
    const file = openCompoundFile(bytes);
    const [workbook] = file?.rootStreams ?? [];
    expect(workbook && file?.readStart(workbook, 4)).toBeUndefined();
  });
});
