export interface ServerSentEvent {
  /** `message` when the server named none. */
  event: string;
  data: string;
}

/**
 * Splits what a text/event-stream has sent so far into its complete events, and the unfinished
 * rest to prepend to the next chunk. Comments (lines starting with ':') and ids are ignored.
 */
export function readServerSentEvents(text: string): { events: ServerSentEvent[]; rest: string } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}
