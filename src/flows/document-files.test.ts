import { describe, expect, it } from 'vitest';
import {
  AVATAR_ACCEPT,
  DOCUMENT_ACCEPT,
  chooseAvatar,
  chooseDocumentFiles,
  fileExtension,
  randomJpgName,
  removeDocumentFile,
} from './document-files';

function file(name: string, size = 10): File {
  const made = new File(['x'], name, { type: '' });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

const names = (files: readonly File[]) => files.map((chosen) => chosen.name);

/** A fixed sequence, so the random name is known. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

describe('document files (users-and-wallets §5)', () => {
  it('[UW-5.42] keeps at most 3 files, a 4th is refused', () => {
    const first = chooseDocumentFiles([], [file('a.pdf'), file('b.png'), file('c.jpg')]);
    expect(names(first.files)).toEqual(['a.pdf', 'b.png', 'c.jpg']);
    const more = chooseDocumentFiles(first.files, [file('d.gif')]);
    expect(names(more.files)).toEqual(['a.pdf', 'b.png', 'c.jpg']);
    expect(more.rejected).toEqual([{ name: 'd.gif', reason: 'tooMany' }]);
  });

  it('[UW-5.43] accepts jpeg, jpg, png, gif, pdf, docx and xls only', () => {
    const allowed = ['a.jpeg', 'b.JPG', 'c.png', 'd.gif', 'e.pdf', 'f.docx', 'g.xls'];
    for (const name of allowed) expect(chooseDocumentFiles([], [file(name)]).files).toHaveLength(1);
    const refused = chooseDocumentFiles([], [file('a.exe'), file('b.doc'), file('c.xlsx'), file('d.svg')]);
    expect(refused.files).toEqual([]);
    expect(refused.rejected.map((rejection) => rejection.reason)).toEqual(['type', 'type', 'type', 'type']);
    expect(DOCUMENT_ACCEPT).toBe('.jpeg,.jpg,.png,.gif,.pdf,.docx,.xls');
  });

  it('[UW-5.44] drops duplicate file names', () => {
    const chosen = chooseDocumentFiles([file('id.pdf')], [file('id.pdf'), file('back.pdf'), file('back.pdf')]);
    expect(names(chosen.files)).toEqual(['id.pdf', 'back.pdf']);
    expect(chosen.rejected).toEqual([
      { name: 'id.pdf', reason: 'duplicate' },
      { name: 'back.pdf', reason: 'duplicate' },
    ]);
  });

  it('[UW-5.45] renames a file without an extension to a random 10-character name ending jpg', () => {
    const chosen = chooseDocumentFiles([], [file('scan')], sequence(0, 0.5, 0.99));
    expect(names(chosen.files)).toEqual(['as9as9as9a.jpg']);
    expect(chosen.files[0]?.type).toBe('image/jpeg');
    expect(randomJpgName()).toMatch(/^[a-z0-9]{10}\.jpg$/);
    expect(fileExtension('scan')).toBeNull();
    expect(fileExtension('photo.')).toBeNull();
    expect(fileExtension('.hidden')).toBeNull();
    expect(fileExtension('scan.PDF')).toBe('pdf');
  });

  it('refuses a file over 50,000,000 bytes and keeps one of exactly that size', () => {
    const chosen = chooseDocumentFiles([], [file('big.pdf', 50_000_001), file('limit.pdf', 50_000_000)]);
    expect(names(chosen.files)).toEqual(['limit.pdf']);
    expect(chosen.rejected).toEqual([{ name: 'big.pdf', reason: 'size' }]);
  });

  it('removes a chosen file by name', () => {
    expect(names(removeDocumentFile([file('a.pdf'), file('b.pdf')], 'a.pdf'))).toEqual(['b.pdf']);
  });
});

describe('avatar (users-and-wallets §5 image upload)', () => {
  it('[UW-5.61] refuses an image over 50000000 bytes', () => {
    expect(chooseAvatar([file('me.png', 50_000_001)])).toEqual({ file: null, rejected: [{ name: 'me.png', reason: 'size' }] });
    expect(chooseAvatar([file('me.png', 50_000_000)]).file?.name).toBe('me.png');
  });

  it('[UW-5.62] accepts .jpg, .gif and .png only', () => {
    for (const name of ['a.jpg', 'b.gif', 'c.png']) expect(chooseAvatar([file(name)]).file?.name).toBe(name);
    for (const name of ['a.pdf', 'b.jpeg', 'c.bmp', 'noextension'])
      expect(chooseAvatar([file(name)]).rejected).toEqual([{ name, reason: 'type' }]);
    expect(AVATAR_ACCEPT).toBe('.jpg,.gif,.png');
  });

  it('[UW-5.63] takes one image only', () => {
    const chosen = chooseAvatar([file('a.jpg'), file('b.png')]);
    expect(chosen.file?.name).toBe('a.jpg');
    expect(chosen.rejected).toEqual([{ name: 'b.png', reason: 'tooMany' }]);
  });
});
