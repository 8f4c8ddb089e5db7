import { createHash } from 'node:crypto';

/** A name-based (version 5) UUID, RFC 4122. */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const COMMAND_EVENT_NAMESPACE = 'c864a999-883f-4b52-a8f2-80e0987bccd4';

/**
 * The same command always gets the same event ids, so a retried or racing append of it is caught
 * by EventStoreDB's own idempotent-write check. The stream is part of the name because a client
 * may reuse a command id on another stream, and event ids must stay unique across the whole log
 * (reactors key their jobs by event id).
 */
export const commandEventId = (streamId: string, commandId: string, index: number) =>
  uuidV5(COMMAND_EVENT_NAMESPACE, JSON.stringify([streamId, commandId, index]));
