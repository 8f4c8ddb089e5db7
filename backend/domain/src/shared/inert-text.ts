/**
 * Text typed by a client, made harmless to show: no bidirectional controls, no control characters.
 *
 * A right-to-left override (U+202E) in a company name turns « Boulangerie‮fdp.exe » into what
 * reads « Boulangerieexe.pdf », and the team reads names in the panel, the list, the board, the
 * history, emails, PDFs and CSV files. Unicode's embedding, override and isolate controls
 * (U+202A–U+202E, U+2066–U+2069), its direction marks (U+200E, U+200F, U+061C) and the C0/C1 control
 * characters have no place in a name: the wizard refuses them (`hasInvisibleControls`), and what was
 * stored before is shown through `inertText`. One rule for the server and the SPA.
 */
// As regex source text (escapes, not the characters): an API document shows the pattern as written.
const BIDI_CONTROLS = String.raw`\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069`;
// C0 and C1 controls but tab, line feed and carriage return (a message keeps its lines).
const CONTROLS = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F`;

const INVISIBLE_CONTROLS = new RegExp(`[${BIDI_CONTROLS}${CONTROLS}]`, 'gu');
const ANY_INVISIBLE_CONTROL = new RegExp(String.raw`[${BIDI_CONTROLS}${CONTROLS}\t\n\r]`, 'u');

/** A name without any of them, as a whole-string pattern (an API field's `pattern`). */
export const NAME_WITHOUT_CONTROLS = new RegExp(String.raw`^[^${BIDI_CONTROLS}${CONTROLS}\t\n\r]*$`, 'u');

/** The French message when a name holds one of them. */
export const invisibleControlsMessage =
  'Ce champ contient des caractères invisibles (contrôle du sens d’écriture) : saisissez-le à nouveau au clavier.';

/** Whether a one-line text (a name) holds a bidi or control character, tab and line breaks included. */
export const hasInvisibleControls = (text: string): boolean => ANY_INVISIBLE_CONTROL.test(text);

/** The text without its bidi controls and control characters (tabs and line breaks are kept). */
export const inertText = (text: string): string => text.replace(INVISIBLE_CONTROLS, '');

/** `inertText` for a value that may be absent. */
export const inertName = <T extends string | null | undefined>(text: T): T =>
  (typeof text === 'string' ? inertText(text) : text) as T;

/** Every string inside `value` (objects and arrays, deeply) through `inertText`; other values as they are. */
export function inertStrings<T>(value: T): T {
  if (typeof value === 'string') return inertText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => inertStrings(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, inertStrings(item)]),
    ) as T;
  return value;
}
