import { crc32 } from 'node:zlib';

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A 1×1 transparent PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a JFIF JPEG (its markers are all a sniffer reads) and its end marker. */
export const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  ascii('JFIF\0'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

export const webp = Buffer.concat([
  ascii('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  ascii('WEBPVP8 '),
  Buffer.alloc(14),
]);

export const gif = Buffer.concat([ascii('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), ascii(';')]);

export const pdf = ascii('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The header of an OLE compound file, the container of a Word 97–2003 .doc. */
export const doc = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504),
]);

export const utf8Text = Buffer.from('Accueil : « Boulangerie Martin », pains et viennoiseries.\r\n', 'utf8');
/** The same in Windows-1252, as an old Notepad saves it. */
export const windows1252Text = ascii('Accueil : \xabBoulangerie Martin\xbb, pains et viennoiseries.\r\n');

/** An ELF executable's first bytes. */
export const executable = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(56),
]);

/** A ZIP archive of `entries`, stored uncompressed. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest archive Word's readers take for a .docx: its content types, and the document. */
export const docx = zip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml':
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});

export const plainZip = zip({ 'arborescence.txt': 'Accueil\nServices\nContact\n' });

/**
 * A ZIP bomb's shape in a few hundred bytes: `archive` with its last entry saying, in its local
 * header and the central directory, that it unpacks to `inflatedBytes` (as a bomb's deflated
 * zeros would). Only what the archive declares changes.
 */
export function declaringInflatedSize(archive: Buffer, inflatedBytes: number): Buffer {
  const bomb = Buffer.from(archive);
  bomb.writeUInt32LE(inflatedBytes, bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])) + 22);
  bomb.writeUInt32LE(inflatedBytes, bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
  return bomb;
}

/** What the last entry of `archive` says it unpacks to (the one declaringInflatedSize changes). */
export const lastEntryInflatedSize = (archive: Buffer) =>
  archive.readUInt32LE(archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);

/** A .docx that says it unpacks to 200 MB. */
export const docxBomb = declaringInflatedSize(docx, 200 * 1024 * 1024);
