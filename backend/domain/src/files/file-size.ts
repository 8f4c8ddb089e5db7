const KB = 1024;
const MB = 1024 * KB;

const decimal = (value: number) =>
  value.toLocaleString('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/**
 * A size for people, in French units: « 512 octets », « 48 Ko », « 2,4 Mo ». A small file is never
 * « 0 Mo »; the kilo- and megabytes are binary, as the 10 Mo and 50 Mo limits are.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return bytes <= 1 ? `${bytes} octet` : `${bytes} octets`;
  const kb = bytes < 10 * KB ? Math.round((bytes / KB) * 10) / 10 : Math.round(bytes / KB);
  if (kb < 1024) return `${decimal(kb)} Ko`;
  return `${decimal(Math.round((bytes / MB) * 10) / 10)} Mo`;
}
