import { mediaNeedsAction, missingElements } from './client-files.js';
import { uploadField, uploadProblem } from './upload-checks.js';

const file = (name: string, size = 1_000) => ({ name, size });
const logo = { filename: 'a', originalName: 'logo.png', size: 10, uploadDate: '', type: 'image' };

describe('what the client still has to send (spec §4.8)', () => {
  it('asks for the logo and the texts only when the client provides them and none is there', () => {
    expect(missingElements({ logoOption: 'client', contentOption: 'client' }, {})).toEqual([
      'Votre logo',
      'Vos contenus (textes)',
    ]);
    expect(missingElements({ logoOption: 'client', contentOption: 'ai' }, { logo: [logo] })).toEqual([]);
    expect(missingElements({ logoOption: 'professional', contentOption: 'client' }, undefined)).toEqual([
      'Vos contenus (textes)',
    ]);
  });
});

describe('the red dots (spec §2.2)', () => {
  const open = {
    logoOption: 'client',
    contentOption: 'ai',
    briefSubmittedByClient: false,
    moreElementsMessage: null,
  } as const;
  it('flag the media while the brief is open, incomplete and not submitted', () => {
    expect(mediaNeedsAction({ ...open, status: 'brief_pending' }, {})).toBe(true);
    expect(mediaNeedsAction({ ...open, status: 'brief_pending' }, { logo: [logo] })).toBe(false);
    expect(mediaNeedsAction({ ...open, status: 'brief_pending', briefSubmittedByClient: true }, {})).toBe(
      false,
    );
    expect(mediaNeedsAction({ ...open, status: 'contract_signed' }, {})).toBe(false);
    expect(mediaNeedsAction({ ...open, status: 'in_progress' }, {})).toBe(false);
  });

  it('flag the media while the team awaits the elements it asked for, even with nothing missing', () => {
    const asked = { ...open, status: 'brief_pending', moreElementsMessage: 'Vos horaires' } as const;
    expect(mediaNeedsAction(asked, { logo: [logo] })).toBe(true);
    expect(mediaNeedsAction({ ...asked, briefSubmittedByClient: true }, { logo: [logo] })).toBe(false);
  });
});

describe('the checks before an upload', () => {
  it('refuse too many files, too big a file, an unknown format, and a full storage', () => {
    expect(uploadProblem([], 0)).toBe('Choisissez au moins un fichier.');
    expect(
      uploadProblem(
        Array.from({ length: 21 }, (_, i) => file(`${i}.png`)),
        0,
      ),
    ).toBe('Trop de fichiers : 20 au plus par envoi.');
    expect(uploadProblem([file('plan.exe')], 0)).toBe(
      "« plan.exe » n'est pas un format accepté (PNG, JPG, TXT, DOC, DOCX ou PDF).",
    );
    expect(uploadProblem([file('photo.jpg', 10 * 1024 * 1024 + 1)], 0)).toBe('« photo.jpg » dépasse 10 Mo.');
    expect(uploadProblem([file('photo.jpg', 2 * 1024 * 1024)], 49)).toBe(
      'Espace insuffisant : 50 Mo au plus par commande (49 Mo déjà utilisés).',
    );
    expect(uploadProblem([file('logo.PNG'), file('plan.docx')], 12.5)).toBeNull();
    expect(uploadProblem([file('logo.png'), file('vide.txt', 0)], 0)).toBe(
      '« vide.txt » est vide (0 octet) : choisissez le bon fichier, ou enregistrez-le à nouveau.',
    );
  });

  it('send a batch with any image as images, else as documents', () => {
    expect(uploadField([file('plan.pdf'), file('logo.png')])).toBe('images');
    expect(uploadField([file('plan.pdf'), file('textes.docx')])).toBe('documents');
  });
});
