/** A file as the checklist reads it: only its category counts. */
export interface CategorisedFile {
  category: string;
}

export interface BriefChecklistItem {
  key: 'logo' | 'content' | 'arborescence';
  label: string;
  done: boolean;
}

/**
 * The files of an order, from the files map (`GET /api/admin/files/:orderId`) or the spec's
 * `uploadedFiles` JSON text; text that is not a JSON list counts as no file (spec §5).
 */
export function filesOf(uploaded: string | readonly CategorisedFile[] | null | undefined): CategorisedFile[] {
  if (uploaded == null) return [];
  if (typeof uploaded !== 'string') return [...uploaded];
  try {
    const parsed: unknown = JSON.parse(uploaded);
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is CategorisedFile =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as CategorisedFile).category === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The brief checklist of spec §5: a logo only when the client provides it (logoOption client),
 * text content only when contentOption is client, and the site architecture always.
 */
export function briefChecklist(
  order: { logoOption?: string | null; contentOption?: string | null },
  files: readonly CategorisedFile[],
): BriefChecklistItem[] {
  const has = (category: string) => files.some((file) => file.category === category);
  return [
    ...(order.logoOption === 'client' ? [{ key: 'logo' as const, label: 'Logo', done: has('logo') }] : []),
    ...(order.contentOption === 'client'
      ? [{ key: 'content' as const, label: 'Contenus texte', done: has('content') }]
      : []),
    { key: 'arborescence', label: 'Arborescence du site', done: has('arborescence') },
  ];
}
