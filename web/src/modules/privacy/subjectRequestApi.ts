import { useQuery } from '@tanstack/react-query';
import type {
  SubjectActionResult,
  SubjectChange,
  SubjectRequestLog,
  SubjectSearch,
  SubjectSearchResult,
} from '@strazce/contract';
import { api, request } from '../../lib/api';

export const SUBJECT_REQUESTS_QUERY_KEY = ['privacy', 'subject', 'requests'] as const;

/** Everything found about one person on the officer's sites, by module (the value travels in the body). */
export const searchSubject = (search: SubjectSearch) =>
  api.post<SubjectSearchResult>('/privacy/subject/search', search);

/** Erases, restricts or lifts the restriction of what the search finds. */
export const changeSubject = (search: SubjectSearch, action: SubjectChange) =>
  api.post<SubjectActionResult>('/privacy/subject/request', { ...search, action });

/** The export ZIP of what the search finds, its report in `language`. */
export async function exportSubject(search: SubjectSearch, language: 'cs' | 'en') {
  const response = await request<Blob>('/privacy/subject/export', {
    method: 'POST',
    body: { ...search, language },
    responseType: 'blob',
  });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'subject-request.zip';
  return { blob: response.data, name };
}

/** The record of past subject requests. */
export function useSubjectRequests() {
  return useQuery({
    queryKey: SUBJECT_REQUESTS_QUERY_KEY,
    queryFn: () => api.get<SubjectRequestLog[]>('/privacy/subject/requests'),
  });
}
