import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { readdir } from 'node:fs/promises';
import { docx, executable, jpeg, pdf, plainZip, png, utf8Text } from '../../files/testing/sample-files.js';
import { docxOfManyEntries, docxWithNestedZip, lyingDocx } from '../../files/testing/zip-bombs.js';
import { TEST_ADMIN, signedInClientWithOrder } from '../../testing/client-order.js';
import { EmailService } from '../../emails/email-service.js';
import { eventually, typesOf } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { currentOrder, runOrderCommands } from '../../write-side/testing/order-commands.js';

const ADMIN = { ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' };
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp(ADMIN);
  adminToken = (
    await t.http
      .post('/api/admin/login')
      .send({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD })
      .expect(200)
  ).body.token;
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const storedFiles = async () => (existsSync(t.config.UPLOAD_DIR) ? await readdir(t.config.UPLOAD_DIR) : []);
const uploadsOf = async (orderId: string) =>
  typesOf(await t.orderEvents(orderId)).filter((type) => type === 'BriefFileUploaded').length;

function upload(
  cookie: string,
  orderId: string,
  category: string,
  files: [string, Buffer][],
  field = 'images',
) {
  const request = t.http
    .post('/api/client/upload')
    .set('cookie', cookie)
    .field('orderId', orderId)
    .field('category', category);
  for (const [name, bytes] of files) request.attach(field, bytes, name);
  return request;
}

/** A file of `size` bytes that is a PNG by its content. */
const pngOf = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

describe('POST /api/client/upload', () => {
  it('stores a batch under generated names, records one event per file, and lists them with working signed links', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await upload(cookie, orderId, 'logo', [
      ['logo.png', png],
      ['photo boutique.JPG', jpeg],
    ]).expect(200);
    expect(body).toMatchObject({ success: true, position: expect.any(Number) });
    expect(body.files.map((f: { originalName: string }) => f.originalName)).toEqual([
      'logo.png',
      'photo boutique.JPG',
    ]);
    for (const file of body.files) expect(file.filename).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);

    const events = (await t.orderEvents(orderId)).filter((e) => e.type === 'BriefFileUploaded');
    expect(events).toHaveLength(2);
    expect(new Set(events.map((e) => e.metadata['commandId'])).size).toBe(1);
    expect(events[0]!.data).toMatchObject({
      category: 'logo',
      kind: 'image',
      mimeType: 'image/png',
      size: png.length,
    });
    expect(await storedFiles()).toEqual(
      expect.arrayContaining(body.files.map((f: { filename: string }) => f.filename)),
    );

    const list = await t.http
      .get(`/api/client/files/${orderId}`)
      .set('cookie', cookie)
      .set('x-min-position', String(body.position))
      .expect(200);
    expect(list.body.files.logo).toHaveLength(2);
    expect(list.body.files.photos).toEqual([]);
    expect(list.body).toMatchObject({ storageLimit: 50, fileCount: 2, maxFiles: 20 });
    const link = new URL(list.body.files.logo[0].url);
    const download = await t.http
      .get(link.pathname + link.search)
      .buffer(true)
      .expect(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('filename="logo.png"');
    expect(Buffer.from(download.body)).toEqual(png);
    // Tampered: another name than the one signed.
    link.searchParams.set('name', 'autre.png');
    await t.http.get(link.pathname + link.search).expect(403);
  });

  it('takes documents checked by their content: PDF, TXT, DOCX', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await upload(
      cookie,
      orderId,
      'arborescence',
      [
        ['plan du site.pdf', pdf],
        ['textes.txt', utf8Text],
        ['contenu.docx', docx],
      ],
      'documents',
    ).expect(200);
    expect(body.files.map((f: { type: string }) => f.type)).toEqual(['document', 'document', 'document']);
    const data = (await t.orderEvents(orderId))
      .filter((e) => e.type === 'BriefFileUploaded')
      .map((e) => (e.data as { mimeType: string }).mimeType);
    expect(data).toEqual([
      'application/pdf',
      'text/plain',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
  });

  const refusals: [string, [string, Buffer][], number, string, string][] = [
    [
      'a file whose content is not its extension',
      [
        ['logo.png', png],
        ['photo.png', pdf],
      ],
      400,
      'ORDER.FILE_CONTENT_MISMATCH',
      '« photo.png » : son contenu ne correspond pas à un fichier .png.',
    ],
    [
      'an empty file, said to be empty rather than not matching its extension',
      [['logo.png', Buffer.alloc(0)]],
      400,
      'ORDER.FILE_EMPTY',
      '« logo.png » est vide (0 octet) : choisissez le bon fichier, ou enregistrez-le à nouveau.',
    ],
    [
      'a ZIP named .docx',
      [['contenu.docx', plainZip]],
      400,
      'ORDER.FILE_CONTENT_MISMATCH',
      '« contenu.docx » : son contenu ne correspond pas à un fichier .docx.',
    ],
    [
      'a type that is not allowed',
      [
        ['logo.png', png],
        ['installer.exe', executable],
      ],
      400,
      'ORDER.FILE_TYPE_NOT_ALLOWED',
      "« installer.exe » : ce format n'est pas accepté (PNG, JPG, WEBP, GIF, PDF, TXT, DOC ou DOCX).",
    ],
    // Issue 41, item 5: the three archives that passed while archives were judged by their headers.
    [
      'a .docx of about 146 KB whose headers say 1 KB and which unpacks to 150 MB',
      [
        ['cahier des charges.docx', docx],
        ['textes.docx', lyingDocx()],
      ],
      400,
      'ORDER.FILE_ARCHIVE_TOO_LARGE',
      '« textes.docx » : ce fichier compressé est illisible ; enregistrez-le à nouveau puis réessayez.',
    ],
    [
      'a .docx holding a ZIP archive that unpacks to 180 MB',
      [['textes.docx', docxWithNestedZip()]],
      400,
      'ORDER.FILE_ARCHIVE_TOO_LARGE',
      '« textes.docx » : ce fichier contient une archive compressée dans une autre ; il est refusé. Envoyez les fichiers séparément ou en PDF.',
    ],
    [
      'a .docx of 60,000 entries',
      [['textes.docx', docxOfManyEntries()]],
      400,
      'ORDER.FILE_ARCHIVE_TOO_LARGE',
      '« textes.docx » : ce fichier compressé contient plus de 2\u202f000 fichiers ; il est refusé. Envoyez-le en PDF.',
    ],
    [
      'a file over 10 MB',
      [['grand.png', pngOf(10 * MB + 1)]],
      400,
      'ORDER.FILE_TOO_LARGE',
      'Un fichier ne peut pas dépasser 10 Mo.',
    ],
    [
      'more than 20 files at once',
      Array.from({ length: 21 }, (_, i): [string, Buffer] => [`photo-${i}.png`, png]),
      400,
      'ORDER.FILE_LIMIT',
      'Vous ne pouvez pas envoyer plus de 20 fichiers.',
    ],
  ];

  it.each(refusals)(
    'refuses %s with a French message, and keeps nothing of the batch',
    async (_, files, status, code, message) => {
      const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
      const before = await storedFiles();
      const { body } = await upload(cookie, orderId, 'logo', files).expect(status);
      expect(body).toMatchObject({ code, message });
      expect(await storedFiles()).toEqual(before);
      expect(await uploadsOf(orderId)).toBe(0);
    },
  );

  // Each as the Content-Disposition parameter a script would write (RFC 7578, and RFC 5987's
  // encoded form, which the parser decodes before the name reaches us).
  it.each([
    'filename="../../../etc/logo.png"',
    'filename="..\\..\\logo.png"',
    'filename="/etc/passwd.png"',
    'filename="C:\\Windows\\logo.png"',
    'filename="\\\\serveur\\partage\\logo.png"',
    'filename=".."',
    "filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.png",
    "filename*=UTF-8''logo%00.png",
  ])('refuses the name %s, which no browser sends, and keeps nothing of the batch', async (disposition) => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const before = await storedFiles();
    // Built by hand: supertest's form would keep only the name's last segment.
    const boundary = 'coseso-test-boundary';
    const part = (headers: string, content: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(content),
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="orderId"', orderId),
      part('Content-Disposition: form-data; name="category"', 'logo'),
      part(
        'Content-Disposition: form-data; name="images"; filename="logo.png"\r\nContent-Type: image/png',
        png,
      ),
      part(`Content-Disposition: form-data; name="images"; ${disposition}\r\nContent-Type: image/png`, png),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await t.http
      .post('/api/client/upload')
      .set('cookie', cookie)
      .set('content-type', `multipart/form-data; boundary=${boundary}`)
      .send(body)
      .expect(400);
    expect(response.body).toEqual({
      code: 'ORDER.FILE_NAME_INVALID',
      message: 'Nom de fichier invalide : renommez le fichier puis réessayez.',
      fields: { files: 'Nom de fichier invalide' },
    });
    expect(await storedFiles()).toEqual(before);
    expect(await uploadsOf(orderId)).toBe(0);
  });

  it.each(['logo.png\u0000.exe', 'logo\u0007.png', 'logo\r\n.png'])(
    'refuses a part whose header holds the control character of %j as unreadable, keeping nothing',
    async (name) => {
      const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
      const before = await storedFiles();
      const boundary = 'coseso-test-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${orderId}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nlogo\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.http
        .post('/api/client/upload')
        .set('cookie', cookie)
        .set('content-type', `multipart/form-data; boundary=${boundary}`)
        .send(body)
        .expect(400);
      expect(response.body).toEqual({
        code: 'REQUEST.INVALID',
        message: 'Envoi de fichiers illisible : veuillez réessayer.',
        fields: { body: 'Envoi de fichiers illisible : veuillez réessayer.' },
      });
      expect(await storedFiles()).toEqual(before);
      expect(await uploadsOf(orderId)).toBe(0);
    },
  );

  it('keeps look-alike slashes and invisible characters only as a name to show: the file is stored under a name of ours', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const names = ['..\uff0f..\uff0fetc\uff0fpasswd.png', '..\u2215..\u2215logo.png', 'lo\u200bgo\u2060.png'];
    const { body } = await upload(
      cookie,
      orderId,
      'logo',
      names.map((name): [string, Buffer] => [name, png]),
    ).expect(200);
    for (const file of body.files) expect(file.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    // Only the generated names are in the folder: nothing was written under a name the client chose.
    const stored = await storedFiles();
    for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}\.[a-z]+$/);
    expect(stored).toEqual(expect.arrayContaining(body.files.map((f: { filename: string }) => f.filename)));
  });

  it('keeps an odd but harmless name only as metadata, made safe for display', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await upload(cookie, orderId, 'logo', [
      ['  ..\u202egnp.exe  .png', png],
      ['Brief été « 2026 ».png', png],
    ]).expect(200);
    expect(body.files.map((f: { originalName: string }) => f.originalName)).toEqual([
      'gnp.exe .png',
      'Brief été « 2026 ».png',
    ]);
    for (const file of body.files) expect(file.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
  });

  it('keeps to 20 files and 50 MB per order across batches, refusing the whole batch that would pass them', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const nineteen = Array.from({ length: 19 }, (_, i): [string, Buffer] => [`photo-${i}.png`, png]);
    await upload(cookie, orderId, 'photos', nineteen).expect(200);
    const before = await storedFiles();
    const { body } = await upload(cookie, orderId, 'photos', [
      ['a.png', png],
      ['b.png', png],
    ]).expect(400);
    expect(body).toMatchObject({
      code: 'ORDER.FILE_LIMIT',
      message: 'Vous avez atteint la limite de 20 fichiers.',
    });
    expect(await storedFiles()).toEqual(before);
    expect(await uploadsOf(orderId)).toBe(19);

    const other = await signedInClientWithOrder(t, 'brief_pending');
    // Five files of exactly 10 MB fill the 50 MB; one more byte is one too many.
    let lastUpload = 0;
    for (let i = 0; i < 5; i++) {
      const stored = await upload(other.cookie, other.orderId, 'photos', [
        [`grande-${i}.png`, pngOf(10 * MB)],
      ]).expect(200);
      lastUpload = stored.body.position;
    }
    const full = await storedFiles();
    const refused = await upload(other.cookie, other.orderId, 'photos', [['petit.png', png]]).expect(400);
    expect(refused.body).toMatchObject({
      code: 'ORDER.STORAGE_FULL',
      message: "L'espace de stockage de 50 Mo est plein.",
    });
    expect(await storedFiles()).toEqual(full);
    const list = await t.http
      .get(`/api/client/files/${other.orderId}`)
      .set('cookie', other.cookie)
      .set('X-Min-Position', String(lastUpload))
      .expect(200);
    expect(list.body).toMatchObject({ storageUsed: 50, fileCount: 5 });
  });

  it('needs a known category, the order id and at least one file', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const unknown = await upload(cookie, orderId, 'divers', [['logo.png', png]]).expect(400);
    expect(unknown.body.fields.category).toBe(
      'Choix inconnu : logo, photos, arborescence, content, product_type, categories, product_list, general',
    );
    const none = await upload(cookie, orderId, 'logo', []).expect(400);
    expect(none.body.fields).toEqual({ files: 'Ajoutez au moins un fichier' });
    const wrongField = await t.http
      .post('/api/client/upload')
      .set('cookie', cookie)
      .field('orderId', orderId)
      .field('category', 'logo')
      .attach('fichiers', png, 'logo.png')
      .expect(400);
    expect(wrongField.body.fields).toEqual({
      fichiers: 'Les fichiers vont dans le champ images ou documents',
    });
  });

  it('is refused once the brief is closed (409), and nothing is stored', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'en_revision');
    const before = await storedFiles();
    const { body } = await upload(cookie, orderId, 'logo', [['logo.png', png]]).expect(409);
    expect(body.code).toBe('ORDER.TRANSITION_FORBIDDEN');
    expect(await storedFiles()).toEqual(before);
  });
});

describe('a body beyond what an upload may carry', () => {
  /** A multipart body of `files` images of 10 MB, made as it is sent (never held whole here). */
  function* bigBatch(orderId: string, files: number, boundary: string): Generator<Buffer> {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${orderId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nphotos\r\n`,
    );
    for (let i = 0; i < files; i++) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo-${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      yield png;
      for (let mb = 0; mb < 10; mb++) yield Buffer.alloc(MB - (mb === 0 ? png.length + 100 : 0));
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }

  /**
   * Sends the stream as the body, in chunks (no Content-Length unless `headers` announce one), and
   * says how much had gone when the answer came.
   */
  async function sendChunked(
    cookie: string,
    chunks: Iterable<Buffer>,
    boundary: string,
    headers: Record<string, string> = {},
  ) {
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let sent = 0;
    const counted = Readable.from(chunks).on('data', (chunk: Buffer) => (sent += chunk.length));
    return new Promise<{ status: number; body: unknown; sentWhenAnswered: number }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/client/upload',
          headers: {
            cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            ...headers,
          },
        },
        (response) => {
          const sentWhenAnswered = sent;
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            counted.destroy();
            request.destroy();
            resolve({ status: response.statusCode!, body: JSON.parse(text), sentWhenAnswered });
          });
        },
      );
      request.on('error', reject);
      counted.pipe(request);
    });
  }

  it('refuses a body sent in chunks before reading it, in French, and keeps answering', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const before = await storedFiles();
    // Twelve files of 10 MB: 120 MB, which the server would otherwise hold in memory before counting.
    const answer = await sendChunked(cookie, bigBatch(orderId, 12, 'limite'), 'limite');
    expect(answer).toMatchObject({
      status: 411,
      body: {
        code: 'REQUEST.LENGTH_REQUIRED',
        message: "Envoi refusé : la taille de l'envoi doit être annoncée (en-tête Content-Length).",
      },
    });
    expect(answer.sentWhenAnswered).toBeLessThan(60 * MB);
    expect(await storedFiles()).toEqual(before);
    expect(await uploadsOf(orderId)).toBe(0);
    await t.http.get('/api/health').expect(200);
    await upload(cookie, orderId, 'logo', [['logo.png', png]]).expect(200);
  });

  /** The length of what bigBatch yields, counted without holding it. */
  const lengthOf = (chunks: Iterable<Buffer>) => {
    let total = 0;
    for (const chunk of chunks) total += chunk.length;
    return total;
  };

  it('checks the order before reading a file: another client’s order is refused before its body is sent', async () => {
    const victim = await signedInClientWithOrder(t, 'brief_pending');
    const stranger = await signedInClientWithOrder(t, 'brief_pending');
    const before = await storedFiles();
    // Three files of 10 MB, announced: the old route read all 30 MB into memory, then said 404.
    const length = lengthOf(bigBatch(victim.orderId, 3, 'intrus'));
    const answer = await sendChunked(stranger.cookie, bigBatch(victim.orderId, 3, 'intrus'), 'intrus', {
      'content-length': String(length),
    });
    expect(answer).toMatchObject({
      status: 404,
      body: { code: 'ORDER.NOT_FOUND', message: 'Commande introuvable' },
    });
    expect(answer.sentWhenAnswered).toBeLessThan(length / 2);
    expect(await storedFiles()).toEqual(before);
    expect(await uploadsOf(victim.orderId)).toBe(0);
    await t.http.get('/api/health').expect(200);
  });

  it('refuses, before reading them, files for a brief that holds its 20 files or has less room than the body', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const twenty = Array.from({ length: 20 }, (_, i): [string, Buffer] => [`photo-${i}.png`, png]);
    // The room is read from the read model: the client names its last write, as after any command.
    const { position } = (await upload(cookie, orderId, 'photos', twenty).expect(200)).body;
    const length = lengthOf(bigBatch(orderId, 2, 'plein'));
    const full = await sendChunked(cookie, bigBatch(orderId, 2, 'plein'), 'plein', {
      'content-length': String(length),
      'x-min-position': String(position),
    });
    expect(full).toMatchObject({
      status: 400,
      body: { code: 'ORDER.FILE_LIMIT', message: 'Vous avez atteint la limite de 20 fichiers.' },
    });
    expect(full.sentWhenAnswered).toBeLessThan(length / 2);

    const other = await signedInClientWithOrder(t, 'brief_pending');
    const filled = await upload(other.cookie, other.orderId, 'photos', [
      ['grande-1.png', pngOf(10 * MB)],
      ['grande-2.png', pngOf(10 * MB)],
      ['grande-3.png', pngOf(10 * MB)],
    ]).expect(200);
    // 20 MB left; 30 MB announced.
    const tooMuch = lengthOf(bigBatch(other.orderId, 3, 'place'));
    const storage = await sendChunked(other.cookie, bigBatch(other.orderId, 3, 'place'), 'place', {
      'content-length': String(tooMuch),
      'x-min-position': String(filled.body.position),
    });
    expect(storage).toMatchObject({
      status: 400,
      body: {
        code: 'ORDER.STORAGE_FULL',
        message: "Cet envoi dépasse l'espace de stockage restant (20,0 Mo sur 50 Mo).",
      },
    });
    expect(storage.sentWhenAnswered).toBeLessThan(tooMuch / 2);
    expect(await uploadsOf(other.orderId)).toBe(3);
    await t.http.get('/api/health').expect(200);
  });

  it('wants the order named before the files', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await t.http
      .post('/api/client/upload')
      .set('cookie', cookie)
      .attach('images', png, 'logo.png')
      .field('orderId', orderId)
      .field('category', 'logo')
      .expect(400);
    expect(body).toMatchObject({
      code: 'REQUEST.INVALID',
      fields: { orderId: 'Indiquez la commande (orderId) avant les fichiers' },
    });
    expect(await uploadsOf(orderId)).toBe(0);
  });

  it('refuses an announced length over 50 MB without reading the body, in French', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await t.http
      .post('/api/client/upload')
      .set('cookie', cookie)
      .set('content-type', 'multipart/form-data; boundary=limite')
      .set('content-length', String(51 * MB + 1))
      .send('--limite--\r\n')
      .expect(400);
    expect(body).toEqual({
      code: 'ORDER.STORAGE_FULL',
      message: 'Un envoi ne peut pas dépasser 50 Mo.',
      fields: { files: 'Envoi trop volumineux (50 Mo maximum)' },
    });
    await t.http.get('/api/health').expect(200);
    expect(await uploadsOf(orderId)).toBe(0);
  });

  it('refuses a JSON body over its limit with 413 in French, on any route', async () => {
    const { orderId } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await t.http
      .post(`/api/orders/${orderId}/progress`)
      .send({ clientRemarks: 'x'.repeat(300_000) })
      .expect(413);
    expect(body).toEqual({ code: 'REQUEST.TOO_LARGE', message: 'Requête trop volumineuse' });
    await t.http.get('/api/health').expect(200);
  });
});

describe('DELETE /api/client/files/:filename and POST …/submit-brief', () => {
  it('deletes a file (event, bytes and list), then submits the brief', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await upload(cookie, orderId, 'content', [
      ['textes.txt', utf8Text],
      ['logo.png', png],
    ]).expect(200);
    const [text, logo] = body.files as { filename: string }[];

    const deleted = await t.http
      .delete(`/api/client/files/${text!.filename}`)
      .set('cookie', cookie)
      .send({ orderId })
      .expect(200);
    expect(deleted.body).toMatchObject({ success: true, message: 'Fichier supprimé' });
    expect(await storedFiles()).not.toContain(text!.filename);
    expect(await storedFiles()).toContain(logo!.filename);
    expect((await t.orderEvents(orderId)).at(-1)).toMatchObject({ type: 'BriefFileDeleted' });
    await t.http
      .delete(`/api/client/files/${text!.filename}`)
      .set('cookie', cookie)
      .send({ orderId })
      .expect(404, { message: 'Fichier introuvable', code: 'ORDER.FILE_NOT_FOUND' });

    const list = await t.http
      .get(`/api/client/files/${orderId}`)
      .set('cookie', cookie)
      .set('x-min-position', String(deleted.body.position))
      .expect(200);
    expect(list.body.files.content.map((f: { filename: string }) => f.filename)).toEqual([logo!.filename]);

    const submitted = await t.http
      .post(`/api/client/orders/${orderId}/submit-brief`)
      .set('cookie', cookie)
      .send({})
      .expect(200);
    expect(submitted.body).toMatchObject({ success: true, message: 'Brief soumis', status: 'brief' });
    expect((await t.orderEvents(orderId)).at(-1)).toMatchObject({
      type: 'BriefSubmitted',
      data: { nothingToSend: false, fileCount: 1 },
    });
  });

  it('submits an empty brief only with "nothing to send"', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const path = `/api/client/orders/${orderId}/submit-brief`;
    const empty = await t.http.post(path).set('cookie', cookie).send({}).expect(400);
    expect(empty.body).toMatchObject({
      code: 'ORDER.BRIEF_EMPTY',
      message: "Ajoutez au moins un fichier, ou confirmez que vous n'avez rien à envoyer.",
    });
    await t.http.post(path).set('cookie', cookie).send({ nothingToSend: true }).expect(200);
    // The client hears that the brief arrived.
    const { orderNumber } = await currentOrder(t.app, orderId);
    const email = await eventually(async () =>
      (await t.app.get(EmailService).mailbox(200)).find(
        (e) => e.template === 'brief-received' && e.subject.includes(`#${orderNumber}`),
      ),
    );
    expect(email.text).toContain('sans fichier à nous transmettre');
    const again = await t.http.post(path).set('cookie', cookie).send({ nothingToSend: true }).expect(409);
    expect(again.body.code).toBe('ORDER.TRANSITION_FORBIDDEN');
  });
});

describe('GET /api/admin/files/:orderId', () => {
  it('gives the back-office an order’s files by category, with a bearer token only', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await upload(cookie, orderId, 'logo', [['logo.png', png]]).expect(200);
    await t.http.get(`/api/admin/files/${orderId}`).expect(401);
    await t.http.get(`/api/admin/files/${orderId}`).set('cookie', cookie).expect(401);
    const list = await t.http
      .get(`/api/admin/files/${orderId}`)
      .set('authorization', `Bearer ${adminToken}`)
      .set('x-min-position', String(body.position))
      .expect(200);
    expect(list.body.files.logo).toEqual([
      expect.objectContaining({ originalName: 'logo.png', type: 'image', size: png.length }),
    ]);
    await t.http
      .get(`/api/admin/files/${crypto.randomUUID()}`)
      .set('authorization', `Bearer ${adminToken}`)
      .expect(404);
  });
});

describe('the client’s brief routes', () => {
  it('answer 401 without a session and 404 on another client’s order, touching nothing', async () => {
    const owner = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await upload(owner.cookie, owner.orderId, 'logo', [['logo.png', png]]).expect(200);
    const filename = body.files[0].filename as string;
    const stranger = await signedInClientWithOrder(t, 'brief_pending');
    const before = (await t.orderEvents(owner.orderId)).length;

    const routes = [
      (cookie: string, id: string) => upload(cookie, id, 'logo', [['autre.png', png]]),
      (cookie: string, id: string) => t.http.get(`/api/client/files/${id}`).set('cookie', cookie),
      (cookie: string, id: string) =>
        t.http.delete(`/api/client/files/${filename}`).set('cookie', cookie).send({ orderId: id }),
      (cookie: string, id: string) =>
        t.http
          .post(`/api/client/orders/${id}/submit-brief`)
          .set('cookie', cookie)
          .send({ nothingToSend: true }),
      (cookie: string, id: string) =>
        t.http
          .post(`/api/client/orders/${id}/review`)
          .set('cookie', cookie)
          .send({ reviewStatus: 'approved' }),
    ];
    for (const [i, route] of routes.entries()) {
      const anonymous = await route('', owner.orderId);
      expect([i, anonymous.status, anonymous.body.code]).toEqual([i, 401, 'AUTH.UNAUTHENTICATED']);
      for (const id of [owner.orderId, crypto.randomUUID()]) {
        const response = await route(stranger.cookie, id);
        expect([i, response.status, response.body]).toEqual([
          i,
          404,
          { message: 'Commande introuvable', code: 'ORDER.NOT_FOUND' },
        ]);
      }
    }
    expect(await t.orderEvents(owner.orderId)).toHaveLength(before);
    expect(await storedFiles()).toContain(filename);
    // The stranger's own order does not reach the owner's file either.
    await t.http
      .delete(`/api/client/files/${filename}`)
      .set('cookie', stranger.cookie)
      .send({ orderId: stranger.orderId })
      .expect(404);
    expect(await storedFiles()).toContain(filename);
  });
});

describe('the brief when the admin corrects the order', () => {
  it('keeps the files the client sent', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    await upload(cookie, orderId, 'logo', [['logo.png', png]]).expect(200);
    await runOrderCommands(t.app, orderId, TEST_ADMIN, { type: 'SubmitBrief', nothingToSend: false });
    await runOrderCommands(t.app, orderId, TEST_ADMIN, {
      type: 'RequestMoreElements',
      message: 'Le logo en SVG',
    });
    await upload(cookie, orderId, 'logo', [['logo-2.png', png]]).expect(200);
    expect(await uploadsOf(orderId)).toBe(2);
  });
});
