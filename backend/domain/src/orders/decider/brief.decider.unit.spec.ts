import { actors, given, minutesLater, orderIn } from '../testing/order-test-kit.js';

describe('the brief', () => {
  const file = (fileId: string, size = 1_000) => ({
    fileId,
    category: 'logo' as const,
    originalName: 'logo.png',
    storedName: `${fileId}.png`,
    size,
    mimeType: 'image/png',
    kind: 'image' as const,
  });
  const fileId = (n: number) => `0b0b0b0b-1111-4222-8333-${String(n).padStart(12, '0')}`;

  it('is opened by an admin once the contract is signed', () => {
    expect(
      given(orderIn('contract_signed'))
        .when({ type: 'OpenBrief', actor: actors.admin })
        .then([{ type: 'BriefOpened', data: {} }]).status,
    ).toBe('brief_pending');
  });

  it('takes files, and forgets deleted ones', () => {
    const s = orderIn('brief_pending');
    s.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(1)) });
    expect(s.state.brief.files).toHaveLength(1);
    const state = given(s)
      .when({ type: 'DeleteBriefFile', actor: actors.client, fileId: fileId(1) })
      .then([{ type: 'BriefFileDeleted', data: { fileId: fileId(1) } }]);
    expect(state.brief.files).toEqual([]);
  });

  it('refuses to delete a file it does not have', () => {
    given(orderIn('brief_pending'))
      .when({ type: 'DeleteBriefFile', actor: actors.client, fileId: fileId(9) })
      .thenFails('ORDER.FILE_NOT_FOUND');
  });

  it('enforces 20 files, 10 MB a file and 50 MB in all', () => {
    const s = orderIn('brief_pending');
    given(s)
      .when({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(1), 10 * 1024 * 1024 + 1) })
      .thenFails('ORDER.FILE_TOO_LARGE');
    for (let i = 1; i <= 5; i++)
      s.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(i), 10 * 1024 * 1024) });
    given(s)
      .when({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(6), 1) })
      .thenFails('ORDER.STORAGE_FULL');
    const many = orderIn('brief_pending');
    for (let i = 1; i <= 20; i++)
      many.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(i)) });
    given(many)
      .when({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(21)) })
      .thenFails('ORDER.FILE_LIMIT');
  });

  it('is submitted with files, or with "nothing to send", never empty', () => {
    given(orderIn('brief_pending'))
      .when({ type: 'SubmitBrief', actor: actors.client, nothingToSend: false })
      .thenFails('ORDER.BRIEF_EMPTY');
    const s = orderIn('brief_pending');
    s.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(1)) });
    const state = given(s)
      .when({ type: 'SubmitBrief', actor: actors.client, nothingToSend: false })
      .then([{ type: 'BriefSubmitted', data: { nothingToSend: false, fileCount: 1 } }]);
    expect(state).toMatchObject({ status: 'brief', brief: { submitted: true, validated: false } });
  });

  it('is validated by an admin with notes, recording who and when', () => {
    const now = minutesLater(900);
    const state = given(orderIn('brief'))
      .when({ type: 'ValidateBrief', actor: actors.admin, notes: ' Tout y est ', now })
      .then([{ type: 'BriefValidated', data: { notes: 'Tout y est' } }]);
    expect(state.brief).toMatchObject({
      validated: true,
      validatedAt: now,
      validatedBy: 'admin-1',
      notes: 'Tout y est',
    });
    expect(state.status).toBe('brief');
  });

  it('goes back to the client when more elements are needed, unvalidated, with a required message', () => {
    given(orderIn('brief'))
      .when({ type: 'RequestMoreElements', actor: actors.admin, message: ' ' })
      .thenFails('ORDER.INVALID_INPUT', 'Le message est requis');
    const s = orderIn('brief');
    s.run({ type: 'ValidateBrief', actor: actors.admin, notes: '' });
    const state = given(s)
      .when({ type: 'RequestMoreElements', actor: actors.admin, message: 'Il manque les photos' })
      .then([{ type: 'MoreElementsRequested', data: { message: 'Il manque les photos' } }]);
    expect(state).toMatchObject({
      status: 'brief_pending',
      brief: { validated: false, submitted: false, moreElementsMessage: 'Il manque les photos' },
    });
  });

  it('must be validated before production starts', () => {
    given(orderIn('brief'))
      .when({ type: 'StartProduction', actor: actors.admin })
      .thenFails('ORDER.BRIEF_NOT_VALIDATED', 'Le brief doit être validé avant de lancer la production.');
    const s = orderIn('brief');
    s.run({ type: 'ValidateBrief', actor: actors.admin, notes: '' });
    expect(
      given(s)
        .when({ type: 'StartProduction', actor: actors.admin })
        .then([{ type: 'ProductionStarted', data: {} }]).status,
    ).toBe('in_progress');
  });
});

describe('validating the brief twice', () => {
  it('is refused, so the back-office no longer offers it once done', () => {
    const s = orderIn('brief');
    s.run({ type: 'ValidateBrief', actor: actors.admin, notes: '' });
    given(s)
      .when({ type: 'ValidateBrief', actor: actors.admin, notes: 'Encore' })
      .thenFails('ORDER.BRIEF_ALREADY_VALIDATED', 'Le brief est déjà validé.');
  });
});
