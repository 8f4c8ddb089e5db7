import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The query of a local download link. */
export interface SignedLinkQuery {
  readonly expires: number;
  readonly name: string;
  readonly type: string;
  readonly signature: string;
}

/**
 * Signs local download links with an HMAC whose key is derived from SESSION_SECRET (HKDF, its own
 * label: the session secret itself signs nothing here). A link names the file, the name and type it
 * is served with, and when it expires; changing any of them breaks the signature.
 */
export class DownloadLinkSigner {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'coseso', 'brief file download links', 32));
  }

  sign(key: string, query: Omit<SignedLinkQuery, 'signature'>): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([key, query.expires, query.name, query.type]))
      .digest('base64url');
  }

  /** Whether the link is the one we made and has not expired at `nowMs`. */
  verify(key: string, query: SignedLinkQuery, nowMs: number): boolean {
    if (!Number.isSafeInteger(query.expires) || query.expires * 1000 < nowMs) return false;
    const expected = Buffer.from(this.sign(key, query));
    const given = Buffer.from(query.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
