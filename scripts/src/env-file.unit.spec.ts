import { readFileSync } from 'node:fs';
import { newEnvFile, upgradeEnvFile } from '../env-file.mjs';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const setting = (text: string, name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(text)?.[1];

describe('the .env that npm start writes', () => {
  it('is .env.example with generated secrets, and pins no PUBLIC_URL', () => {
    const text = newEnvFile(example, { sessionSecret: 's'.repeat(64), adminPassword: 'mot-de-passe-généré' });
    expect(setting(text, 'SESSION_SECRET')).toBe('s'.repeat(64));
    expect(setting(text, 'ADMIN_PASSWORD')).toBe('mot-de-passe-généré');
    expect(setting(text, 'PORT')).toBe('3000');
    expect(setting(text, 'PUBLIC_URL')).toBeUndefined();
    expect(setting(text, 'PERSONAL_DATA_KEY')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('comments out the PUBLIC_URL an older version generated, and only that one', () => {
    const old = 'PORT=3000\nPUBLIC_URL=http://localhost:3000\nSESSION_SECRET=abc\n';
    const { text, retired } = upgradeEnvFile(old, example, () => 'pw');
    expect(retired).toEqual(['PUBLIC_URL']);
    expect(setting(text, 'PUBLIC_URL')).toBeUndefined();
    expect(text).toContain('# PUBLIC_URL=http://localhost:3000');
    expect(setting(text, 'SESSION_SECRET')).toBe('abc');

    const chosen = 'PUBLIC_URL=https://www.coseso.fr\n';
    expect(upgradeEnvFile(chosen, example, () => 'pw')).toMatchObject({ retired: [] });
    expect(setting(upgradeEnvFile(chosen, example, () => 'pw').text, 'PUBLIC_URL')).toBe(
      'https://www.coseso.fr',
    );
  });

  it('adds the settings that appeared since, once', () => {
    const { text, added } = upgradeEnvFile('PORT=4000\n', example, () => 'généré');
    expect(added).toContain('ADMIN_PASSWORD');
    expect(added).not.toContain('PORT');
    expect(added).not.toContain('PUBLIC_URL');
    expect(setting(text, 'ADMIN_PASSWORD')).toBe('généré');
    // An older .env gets a key of its own: without one, production would refuse to start.
    expect(added).toContain('PERSONAL_DATA_KEY');
    expect(setting(text, 'PERSONAL_DATA_KEY')).toMatch(/^[0-9a-f]{64}$/);
    expect(upgradeEnvFile(text, example, () => 'autre')).toEqual({ text, added: [], retired: [] });
  });
});
