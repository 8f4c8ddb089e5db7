/** Whether a domain can still be registered: true, false, or null when nobody can tell right now. */
export interface DomainAvailability {
  readonly name: string;
  check(domain: string): Promise<{ available: boolean | null; error: string | null }>;
}

export const DOMAIN_AVAILABILITY = Symbol('DomainAvailability');

/** The default with no network: the name is validated and priced, availability is confirmed by the team. */
export class OfflineDomainAvailability implements DomainAvailability {
  readonly name = 'offline';
  async check(): Promise<{ available: null; error: null }> {
    return { available: null, error: null };
  }
}

/**
 * RDAP (RFC 9082/9083), the registries' JSON successor to whois: a registered domain answers 200, an
 * unknown one 404. Anything else, or no answer in time, means "cannot tell".
 */
export class RdapDomainAvailability implements DomainAvailability {
  readonly name = 'rdap';

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 3_000,
  ) {}

  async check(domain: string): Promise<{ available: boolean | null; error: string | null }> {
    try {
      const response = await fetch(
        `${this.baseUrl.replace(/\/$/, '')}/domain/${encodeURIComponent(domain)}`,
        {
          headers: { accept: 'application/rdap+json, application/json' },
          redirect: 'follow',
          signal: AbortSignal.timeout(this.timeoutMs),
        },
      );
      await response.body?.cancel();
      if (response.status === 200) return { available: false, error: null };
      if (response.status === 404) return { available: true, error: null };
      return { available: null, error: `RDAP a répondu ${response.status}` };
    } catch (error) {
      return {
        available: null,
        error: (error as Error).name === 'TimeoutError' ? 'RDAP ne répond pas' : 'RDAP injoignable',
      };
    }
  }
}
