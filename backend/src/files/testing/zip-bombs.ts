import { deflateRawSync } from 'node:zlib';

// The three reported archives, made at test time (nothing big is committed): each passed a
// check that trusted what archives declare. CRCs are left at 0: no reader here checks them before
// the sizes, and the point is what the bytes unpack to.

interface Entry {
  readonly name: string;
  /** The bytes as stored (deflated when `deflated`). */
  readonly stored: Buffer;
  readonly deflated: boolean;
  /** What the headers say it unpacks to. */
  readonly declaredSize: number;
}

/** A ZIP archive of these entries, each header saying what the entry declares. */
export function zipOf(entries: readonly Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, stored, deflated, declaredSize } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const method = deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, stored);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MB = 1024 * 1024;

const deflatedZeros = new Map<number, Buffer>();
/** `megabytes` of zeros, deflated (about a thousandth of their size), made once per size. */
function zerosDeflated(megabytes: number): Buffer {
  let deflated = deflatedZeros.get(megabytes);
  if (!deflated) deflatedZeros.set(megabytes, (deflated = deflateRawSync(Buffer.alloc(megabytes * MB))));
  return deflated;
}

const docxParts = (): Entry[] => {
  const text = (name: string, body: string): Entry => {
    const bytes = Buffer.from(body, 'utf8');
    return { name, stored: bytes, deflated: false, declaredSize: bytes.length };
  };
  return [
    text(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    text(
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ),
  ];
};

/** A .docx of about 146 KB whose headers say its picture is 1 KB, and which unpacks to 150 MB. */
export const lyingDocx = () =>
  zipOf([
    ...docxParts(),
    { name: 'word/media/image1.png', stored: zerosDeflated(150), deflated: true, declaredSize: 1024 },
  ]);

/** A .docx holding, as a picture, a ZIP archive that unpacks to 180 MB (the archive itself is small). */
export function docxWithNestedZip(where = 'word/media/image1.png'): Buffer {
  const inner = zipOf([
    { name: 'zeros.bin', stored: zerosDeflated(180), deflated: true, declaredSize: 180 * MB },
  ]);
  return zipOf([...docxParts(), { name: where, stored: inner, deflated: false, declaredSize: inner.length }]);
}

/** A .docx of 60,000 entries, each a few bytes. */
export const docxOfManyEntries = (count = 60_000) =>
  zipOf([
    ...docxParts(),
    ...Array.from({ length: count }, (_, i): Entry => ({
      name: `word/x/${i}.xml`,
      stored: Buffer.from('<a/>'),
      deflated: false,
      declaredSize: 4,
    })),
  ]);
