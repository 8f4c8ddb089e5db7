/** One field that differs between two versions, in French, as the back-office shows it: « label : before → after ». */
export interface VersionDifference {
  /** The field's path in the versioned document (`templates.onepage.monthlyBaseHT`), a stable key. */
  readonly path: string;
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

/** How a versioned document's fields read in French: the page that shows the diff knows its own words. */
export interface VersionFields {
  /** The field's name; null leaves the field out of the diff (a text kept for code, not for people). */
  label(path: readonly string[]): string | null;
  value(path: readonly string[], value: unknown): string;
}

const ABSENT = '—';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What changed between two versions of one document (the agency's identity, the catalogue's grid),
 * field by field, in the `before` document's order: nested objects are walked, a list is one field.
 * The identity and the catalogue pages both show their diffs with it, so the two read alike.
 */
export function versionDifferences(
  before: unknown,
  after: unknown,
  fields: VersionFields,
  path: readonly string[] = [],
): VersionDifference[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !(key in before))];
    return keys.flatMap((key) => versionDifferences(before[key], after[key], fields, [...path, key]));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const label = fields.label(path);
  if (label === null) return [];
  const shown = (value: unknown) => (value === undefined ? ABSENT : fields.value(path, value));
  return [{ path: path.join('.'), label, before: shown(before), after: shown(after) }];
}
