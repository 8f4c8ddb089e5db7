import {
  MAX_ARCHIVE_INFLATED_BYTES,
  UPLOAD_ACCEPT,
  declaredExtension,
} from '@coseso/domain/files/upload-formats';
import { declaredInflatedSize } from './archive-size.js';
import { checkUploadContent, sniffContent } from './content-type.js';
import {
  declaringInflatedSize,
  doc,
  docx,
  docxBomb,
  executable,
  gif,
  jpeg,
  lastEntryInflatedSize,
  pdf,
  plainZip,
  png,
  utf8Text,
  webp,
  windows1252Text,
} from './testing/sample-files.js';

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

  // The entries before the last, which declaringInflatedSize leaves as they are.
  const others = () => declaredInflatedSize(docx)! - lastEntryInflatedSize(docx);

  it('refuses a .docx that says it unpacks to 200 MB (a ZIP bomb), without unpacking it', async () => {
    expect(docxBomb.length).toBeLessThan(1024);
    expect(declaredInflatedSize(docxBomb)).toBe(200 * 1024 * 1024 + others());
    expect(await checkUploadContent('textes.docx', docxBomb)).toEqual({
      ok: false,
      reason: 'archive-too-large',
      declared: 'docx',
      inflated: declaredInflatedSize(docxBomb),
    });
  });

  it('takes an archive up to the limit, counting every entry', async () => {
    const atLimit = declaringInflatedSize(docx, MAX_ARCHIVE_INFLATED_BYTES - others());
    expect(declaredInflatedSize(atLimit)).toBe(MAX_ARCHIVE_INFLATED_BYTES);
    expect(await checkUploadContent('cahier.docx', atLimit)).toMatchObject({ ok: true, extension: 'docx' });
    const overByOne = declaringInflatedSize(docx, MAX_ARCHIVE_INFLATED_BYTES - others() + 1);
    expect(await checkUploadContent('cahier.docx', overByOne)).toMatchObject({ reason: 'archive-too-large' });
  });

  it('refuses an archive whose directory cannot be read', async () => {
    const truncated = docx.subarray(0, docx.length - 10);
    expect(declaredInflatedSize(truncated)).toBeNull();
    const check = await checkUploadContent('cahier.docx', truncated);
    expect(check.ok).toBe(false);
  });

  it('gives the file picker the same formats it checks', () => {
    expect(UPLOAD_ACCEPT).toBe('.png,.jpg,.jpeg,.webp,.gif,.pdf,.txt,.doc,.docx');
  });
});
