import { useEffect, useEffectEvent, useState } from 'react';
import { adminAuthorization } from '@/lib/admin-session/admin-token';
import { ApiError } from '@/lib/api';
import { readServerSentEvents } from '../utils/server-sent-events';
import { type RebuildState } from './start-rebuild';

const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

/**
 * Follows a rebuild's server-sent events. Read with fetch rather than EventSource, which cannot
 * send the back-office's bearer token: the token stays in a header, never in a URL (where logs and
 * history would keep it). Resolves when the stream ends (after `done` or `failed`).
 */
export async function watchRebuild(
  id: string,
  onState: (state: RebuildState) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/admin/operations/rebuilds/${encodeURIComponent(id)}/events`, {
    headers: { ...adminAuthorization(), Accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let body: { message?: string; code?: string } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = readServerSentEvents(buffer + value);
    buffer = rest;
    for (const event of events) onState(JSON.parse(event.data) as RebuildState);
  }
}

/**
 * The live state of a rebuild, from its start's answer to its end; a lost stream becomes an error.
 * Mount its user with `key={started.id}`: one hook, one rebuild.
 */
export function useRebuildProgress(started: RebuildState, onFinished: (state: RebuildState) => void) {
  const [state, setState] = useState<RebuildState>(started);
  const [lost, setLost] = useState<string | null>(null);
  const finish = useEffectEvent(onFinished);
  const id = started.id;
  useEffect(() => {
    const controller = new AbortController();
    let finished = false;
    watchRebuild(
      id,
      (next) => {
        finished = next.status !== 'running';
        setState(next);
        if (finished) finish(next);
      },
      controller.signal,
    )
      .then(() => {
        if (!finished) setLost('Le suivi de la reconstruction s’est interrompu avant sa fin.');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLost(error instanceof Error ? error.message : String(error));
      });
    return () => controller.abort();
  }, [id]);
  return { state, lost };
}
