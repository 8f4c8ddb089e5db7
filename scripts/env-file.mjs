// The text of `.env`, kept apart from bootstrap.mjs so that it can be tested without running it.
// Plain JavaScript on purpose: it runs before anything is installed or built.
import { randomBytes } from 'node:crypto';

// Older versions copied `PUBLIC_URL=http://localhost:3000` from .env.example into every new .env,
// which pinned the app's address to port 3000: with PORT=4000, its own pages' writes were refused
// as foreign. Only that generated line is retired; an address set on purpose stays.
const GENERATED_PUBLIC_URL = /^PUBLIC_URL=http:\/\/localhost:3000[ \t]*$/m;
const RETIRED_PUBLIC_URL =
  '# Commented out by npm start: without PUBLIC_URL, the app uses http://localhost:PORT.\n# PUBLIC_URL=http://localhost:3000';

/** 32 random bytes in hex: a secret of the length the app asks for. */
export const newSecret = () => randomBytes(32).toString('hex');

/** A new .env: .env.example with the generated secrets in place of its empty lines. */
export function newEnvFile(example, { sessionSecret, adminPassword, personalDataKey = newSecret() }) {
  return example
    .replace(/^SESSION_SECRET=$/m, `SESSION_SECRET=${sessionSecret}`)
    .replace(/^PERSONAL_DATA_KEY=$/m, `PERSONAL_DATA_KEY=${personalDataKey}`)
    .replace(/^ADMIN_PASSWORD=$/m, `ADMIN_PASSWORD=${adminPassword}`);
}

/**
 * An .env from an older version, brought up to date: the settings that appeared since are added
 * with their defaults, and the generated fixed PUBLIC_URL is commented out.
 * Returns the new text and what changed (empty lists: nothing to write).
 */
export function upgradeEnvFile(current, example, generatePassword, generateSecret = newSecret) {
  const retired = GENERATED_PUBLIC_URL.test(current) ? ['PUBLIC_URL'] : [];
  let text = current.replace(GENERATED_PUBLIC_URL, RETIRED_PUBLIC_URL);
  const missing = example
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line) && !new RegExp(`^#?\\s*${line.split('=')[0]}=`, 'm').test(text))
    .map((line) =>
      line === 'ADMIN_PASSWORD='
        ? `ADMIN_PASSWORD=${generatePassword()}`
        : line === 'PERSONAL_DATA_KEY='
          ? `PERSONAL_DATA_KEY=${generateSecret()}`
          : line,
    );
  if (missing.length > 0)
    text = `${text.trimEnd()}\n\n# Added by npm start (new settings, see .env.example)\n${missing.join('\n')}\n`;
  return { text, added: missing.map((line) => line.split('=')[0]), retired };
}
