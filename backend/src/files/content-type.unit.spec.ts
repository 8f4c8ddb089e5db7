import {
  MAX_ARCHIVE_INFLATED_BYTES,
  UPLOAD_ACCEPT,
  declaredExtension,
} from '@coseso/domain/files/upload-formats';
import { inspectArchive } from './archive-size.js';
import { checkUploadContent, sniffContent } from './content-type.js';
import {
  doc,
  docx,
  executable,
  gif,
  jpeg,
  pdf,
  plainZip,
  png,
  utf8Text,
  webp,
  windows1252Text,
} from './testing/sample-files.js';
import { docxOfManyEntries, docxWithNestedZip, lyingDocx, zipOf } from './testing/zip-bombs.js';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('sniffing content', () => {
  it.each([
    ['a PNG', png, 'png', 'image/png'],
    ['a JPEG', jpeg, 'jpg', 'image/jpeg'],
    ['a WebP', webp, 'webp', 'image/webp'],
    ['a GIF', gif, 'gif', 'image/gif'],
    ['a PDF', pdf, 'pdf', 'application/pdf'],
    ['a ZIP', plainZip, 'zip', 'application/zip'],
    ['a DOCX (a ZIP with a Word document inside)', docx, 'docx', DOCX_MIME],
    ['a Word 97 document (an OLE compound file)', doc, 'cfb', 'application/x-cfb'],
    ['UTF-8 text', utf8Text, 'txt', 'text/plain'],
    ['Windows-1252 text', windows1252Text, 'txt', 'text/plain'],
  ])('recognises %s from its bytes', async (_what, bytes, extension, mime) => {
    expect(await sniffContent(bytes)).toEqual({ extension, mime });
  });

  it('knows nothing of bytes with no signature that are not text, or of nothing at all', async () => {
    expect(await sniffContent(Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x10]))).toBeNull();
    expect(await sniffContent(Buffer.alloc(0))).toBeNull();
  });
});

describe('checking an upload', () => {
  it.each([
    ['logo.png', png, 'image/png', 'image'],
    ['LOGO.PNG', png, 'image/png', 'image'],
    ['photo.jpg', jpeg, 'image/jpeg', 'image'],
    ['photo.jpeg', jpeg, 'image/jpeg', 'image'],
    ['photo.webp', webp, 'image/webp', 'image'],
    ['anim.gif', gif, 'image/gif', 'image'],
    ['brief.pdf', pdf, 'application/pdf', 'document'],
    ['textes.txt', utf8Text, 'text/plain', 'document'],
    ['ancien.txt', windows1252Text, 'text/plain', 'document'],
    ['cahier.doc', doc, 'application/msword', 'document'],
    ['cahier.docx', docx, DOCX_MIME, 'document'],
  ])('accepts %s, typed from the format its name declares', async (name, bytes, mime, kind) => {
    expect(await checkUploadContent(name, bytes)).toEqual({
      ok: true,
      extension: declaredExtension(name),
      mime,
      kind,
    });
  });

  it.each([
    ['logo.jpg', 'png', png],
    ['brief.docx', 'pdf', pdf],
    ['cahier.docx', 'zip', plainZip],
    ['cahier.doc', 'docx', docx],
    ['logo.png', 'txt', Buffer.from('<script>alert(1)</script>')],
    ['brief.pdf', 'elf', executable],
    ['textes.txt', 'docx', docx],
    ['textes.txt', null, Buffer.from([0x00, 0x01, 0x02, 0xfe])],
    ['vide.txt', null, Buffer.alloc(0)],
  ])('refuses %s whose bytes are something else (%s)', async (name, detected, bytes) => {
    expect(await checkUploadContent(name, bytes)).toEqual({
      ok: false,
      reason: 'content-mismatch',
      declared: declaredExtension(name),
      detected,
    });
  });

  it.each([
    ['site.zip', plainZip, 'zip'],
    ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    ['setup.exe', executable, 'exe'],
    ['sans-extension', png, null],
    ['.png', png, null],
    ['point.', png, null],
  ])('refuses %s, a format it does not take, whatever its bytes', async (name, bytes, declared) => {
    expect(await checkUploadContent(name, bytes)).toEqual({
      ok: false,
      reason: 'format-not-allowed',
      declared,
    });
  });

  // Issue 41, item 5: the three archives that passed a check trusting what archives declare.
  it('refuses a .docx of about 146 KB whose headers say 1 KB and which unpacks to 150 MB, stopping at the cap', async () => {
    const bomb = lyingDocx();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await checkUploadContent('textes.docx', bomb)).toEqual({
      ok: false,
      reason: 'archive-refused',
      declared: 'docx',
      problem: 'unreadable',
    });
  });

  it('refuses an archive that really unpacks past 100 MB, even with honest headers', async () => {
    const { deflateRawSync } = await import('node:zlib');
    const stored = deflateRawSync(Buffer.alloc(MAX_ARCHIVE_INFLATED_BYTES + 1));
    const honest = zipOf([
      { name: 'word/document.xml', stored: Buffer.from('<w/>'), deflated: false, declaredSize: 4 },
      { name: 'word/media/a.bin', stored, deflated: true, declaredSize: MAX_ARCHIVE_INFLATED_BYTES + 1 },
    ]);
    const inspection = await inspectArchive(honest);
    expect(inspection).toMatchObject({ ok: false, problem: 'too-large' });
    expect(inspection.inflated).toBeLessThanOrEqual(MAX_ARCHIVE_INFLATED_BYTES + 2 * 1024 * 1024);
  });

  it('refuses a .docx holding a ZIP archive of 180 MB, as a picture or as an embedded document', async () => {
    expect(await checkUploadContent('textes.docx', docxWithNestedZip())).toMatchObject({
      reason: 'archive-refused',
      problem: 'nested-archive',
    });
    // Office embeds documents as archives: allowed there, but inspected with the same budget.
    expect(
      await checkUploadContent('textes.docx', docxWithNestedZip('word/embeddings/tableur.xlsx')),
    ).toMatchObject({ reason: 'archive-refused', problem: 'too-large' });
  });

  it('refuses a .docx of 60,000 entries without reading them', async () => {
    expect(await checkUploadContent('textes.docx', docxOfManyEntries())).toMatchObject({
      reason: 'archive-refused',
      problem: 'too-many-entries',
    });
  });

  it('takes a real .docx and an embedded document, counting every entry', async () => {
    expect(await checkUploadContent('cahier.docx', docx)).toMatchObject({ ok: true, extension: 'docx' });
    expect(await inspectArchive(docx)).toEqual({ ok: true, inflated: expect.any(Number), entries: 2 });
    const embedded = zipOf([
      { name: 'word/document.xml', stored: Buffer.from('<w/>'), deflated: false, declaredSize: 4 },
      { name: 'word/embeddings/t.xlsx', stored: plainZip, deflated: false, declaredSize: plainZip.length },
    ]);
    expect(await inspectArchive(embedded)).toMatchObject({ ok: true, entries: 3 });
  });

  it('refuses an archive whose directory cannot be read', async () => {
    const truncated = docx.subarray(0, docx.length - 10);
    expect(await inspectArchive(truncated)).toMatchObject({ ok: false, problem: 'unreadable' });
    const check = await checkUploadContent('cahier.docx', truncated);
    expect(check.ok).toBe(false);
  });

  it('gives the file picker the same formats it checks', () => {
    expect(UPLOAD_ACCEPT).toBe('.png,.jpg,.jpeg,.webp,.gif,.pdf,.txt,.doc,.docx');
  });
});
