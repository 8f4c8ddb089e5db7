/**
 * Just enough MIME to check what an SMTP server received: unfolded headers with their encoded words
 * decoded, and the text/plain and text/html parts of a (possibly nested) multipart message.
 */
export interface ParsedEmail {
  readonly headers: ReadonlyMap<string, string>;
  readonly text: string | null;
  readonly html: string | null;
}

export function parseRawEmail(raw: string): ParsedEmail {
  const parts: { type: string; body: string }[] = [];
  const headers = collect(raw.replace(/\r\n/g, '\n'), parts);
  return {
    headers,
    text: parts.find((part) => part.type === 'text/plain')?.body ?? null,
    html: parts.find((part) => part.type === 'text/html')?.body ?? null,
  };
}

function collect(entity: string, parts: { type: string; body: string }[]): Map<string, string> {
  const split = entity.indexOf('\n\n');
  const head = split === -1 ? entity : entity.slice(0, split);
  const body = split === -1 ? '' : entity.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(section.replace(/^\n/, ''), parts);
    }
  } else {
    parts.push({ type, body: decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit') });
  }
  return headers;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\n/g, ''));
    default:
      return body;
  }
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
