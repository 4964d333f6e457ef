import { useEffect, useRef, useState } from 'react';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { HEADERS, logisticsEventSchema, type LogisticsEvent } from '@strazce/contract';
import { transport } from '../../lib/api';
import { useSession } from '../../lib/session';

/** How long the board waits before it connects again after the stream broke. */
export const RECONNECT_MS = 5_000;

/**
 * The stream is refused (no session, no role, too many streams of the session) or the server ended it because
 * the session ended (`event: end`): no retry, the 10 s refresh goes on.
 */
class StreamRefused extends Error {}

export type StreamState = 'off' | 'connecting' | 'live';

/**
 * The events of the site's transports as they happen (`GET /api/logistics/events`, text/event-stream with the
 * session's header, so read with fetch), while `enabled`: each `transport` event goes to `onEvent`. A broken
 * stream connects again; a refused one stops (the board's own refresh is the fallback).
 */
export function useLogisticsEvents(enabled: boolean, onEvent: (event: LogisticsEvent) => void): StreamState {
  const [state, setState] = useState<StreamState>('off');
  // The stream is of the session's site: another site is another stream.
  const site = useSession().site?.id ?? null;
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!enabled) {
      setState('off');
      return;
    }
    const controller = new AbortController();
    const { token, clientToken } = transport.credentials();
    const headers: Record<string, string> = {};
    if (token) headers[HEADERS.authToken] = token;
    if (clientToken) headers[HEADERS.clientToken] = clientToken;
    setState('connecting');
    fetchEventSource(transport.buildUrl('/logistics/events'), {
      signal: controller.signal,
      headers,
      // The board stays current in a background tab too (it beeps).
      openWhenHidden: true,
      onopen: async (response) => {
        if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) {
          setState('live');
          return;
        }
        if (response.status === 401 || response.status === 403 || response.status === 429)
          throw new StreamRefused();
        throw new Error(`HTTP ${response.status}`);
      },
      onmessage: (message) => {
        // The session ended or may no longer watch: connecting again would be refused.
        if (message.event === 'end') throw new StreamRefused();
        if (message.event !== 'transport') return;
        try {
          const parsed = logisticsEventSchema.safeParse(JSON.parse(message.data));
          if (parsed.success) handler.current(parsed.data);
        } catch {
          // Not an event of the contract: ignored.
        }
      },
      onclose: () => {
        // The server ended the stream without `event: end` (a restart): connect again after RECONNECT_MS.
        throw new Error('closed');
      },
      onerror: (error) => {
        if (error instanceof StreamRefused) throw error;
        setState('connecting');
        return RECONNECT_MS;
      },
    }).catch(() => {
      if (!controller.signal.aborted) setState('off');
    });
    return () => controller.abort();
  }, [enabled, site]);

  return state;
}
