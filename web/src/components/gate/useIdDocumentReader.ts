import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EGOV_POLL_MS, type EgovInit, type EgovPerson, type EgovResult } from '@strazce/contract';
import { api } from '../../lib/api';
import { identityDocumentFor, type SiteIdentityDocument } from './idDocument';

/** Where a reading is: nothing going on, waiting for the document on the reader, or failed with a text. */
export type IdDocumentReading = { phase: 'idle' } | { phase: 'waiting' } | { phase: 'error'; text: string };

/** The longest the web app waits for a document, whatever the provider's expiry says. */
const MAX_WAIT_MS = 10 * 60_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** The site's identity document for the kind read; null when the list cannot be read or none matches. */
async function documentTypeOf(person: EgovPerson, signal: AbortSignal): Promise<number | null> {
  try {
    const { rows } = await api.list<SiteIdentityDocument>(
      '/system_site/identity_document',
      { page: 1, size: 100, sort: 'name,asc' },
      { silent: true, signal },
    );
    return identityDocumentFor(person.documentKind, rows);
  } catch {
    return null;
  }
}

/**
 * Reads an electronic identity document (docs/egov-provider.md): opens a reading session (`/egov/init`),
 * asks for its result every second until the document is read, the reading fails or the session expires,
 * and hands the person with the site's matching identity document to `onRead`. A failing provider shows
 * the spec's text (EGOV_UNAVAILABLE); `cancel` stops asking.
 */
export function useIdDocumentReader(onRead: (person: EgovPerson, documentType: number | null) => void) {
  const { t } = useTranslation();
  const [reading, setReading] = useState<IdDocumentReading>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);
  const readCallback = useRef(onRead);
  useEffect(() => {
    readCallback.current = onRead;
  }, [onRead]);
  useEffect(() => () => current.current?.abort(), []);

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setReading({ phase: 'idle' });
  }, []);

  const start = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const { signal } = controller;
    setReading({ phase: 'waiting' });
    const fail = (key: string) => {
      if (!signal.aborted) setReading({ phase: 'error', text: t(key) });
    };
    try {
      const session = await api.post<EgovInit>('/egov/init', undefined, { silent: true, signal });
      const started = Date.now();
      const deadline = Math.min(
        Math.max(Date.parse(session.expiresAt), started + 5_000),
        started + MAX_WAIT_MS,
      );
      for (;;) {
        await pause(EGOV_POLL_MS, signal);
        if (signal.aborted) return;
        const result = await api.get<EgovResult>('/egov/result', {
          query: { id: session.id },
          silent: true,
          signal,
        });
        if (signal.aborted) return;
        if (result.status === 'DONE' && result.person) {
          const documentType = await documentTypeOf(result.person, signal);
          if (signal.aborted) return;
          current.current = null;
          setReading({ phase: 'idle' });
          readCallback.current(result.person, documentType);
          return;
        }
        if (result.status === 'FAILED') return fail('egov.failed');
        if (result.status === 'EXPIRED' || Date.now() >= deadline) return fail('egov.expired');
      }
    } catch {
      // The provider failed, did not answer or the network is down: the spec's one text for all of them.
      fail('apiError_EGOV_UNAVAILABLE');
    }
  }, [t]);

  return { reading, start, cancel };
}
