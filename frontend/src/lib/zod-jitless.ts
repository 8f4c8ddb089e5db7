import { config } from 'zod/mini';

// zod compiles object parsers with `new Function` when it may; our Content-Security-Policy forbids
// eval, so its probe would be reported as a violation on every page. Imported first by main.tsx:
// the setting is read when each schema is built.
config({ jitless: true });
