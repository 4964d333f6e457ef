// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SubjectSearchResult } from '@strazce/contract';
import { errorAnswer, fakeServer, i18n, renderInApp, setUpBrowser } from '../../testing/render';
import SubjectRequestPage from './SubjectRequestPage';

vi.mock('../../lib/session', async (importActual) =>
  (await import('../../testing/render')).sessionModule(await importActual<object>()),
);

beforeAll(setUpBrowser);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FOUND: SubjectSearchResult = {
  total: 3,
  modules: [
    {
      resource: 'visit',
      count: 2,
      matches: [
        {
          id: 1,
          siteId: 1,
          siteName: 'Praha',
          label: '2026-11-20T08:00:00.000Z',
          held: false,
          restricted: false,
        },
        {
          id: 2,
          siteId: 1,
          siteName: 'Praha',
          label: '2026-11-21T08:00:00.000Z',
          held: true,
          restricted: false,
        },
      ],
    },
    {
      resource: 'keymanagement/keylend',
      count: 1,
      matches: [
        {
          id: 5,
          siteId: 1,
          siteName: 'Praha',
          label: '2026-11-21T09:00:00.000Z',
          held: false,
          restricted: false,
        },
      ],
    },
  ],
};

function subjectServer(found: SubjectSearchResult) {
  return fakeServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/privacy/subject/requests') return Response.json([]);
    if (method === 'POST' && url.pathname === '/api/privacy/subject/search') return Response.json(found);
    if (method === 'POST' && url.pathname === '/api/privacy/subject/request')
      return Response.json({
        requestId: 9,
        action: 'restrict',
        done: { visit: [1, 2], 'keymanagement/keylend': [5] },
        skipped: {},
      });
    return errorAnswer(404, 'NOT_FOUND');
  });
}

async function searchFor(value: string) {
  fireEvent.change(await screen.findByTestId('subject-value'), { target: { value } });
  fireEvent.click(screen.getByTestId('subject-search'));
}

describe('SubjectRequestPage', () => {
  it('searches with the value in the body and shows the matches by module, held ones marked', async () => {
    const server = subjectServer(FOUND);
    renderInApp(<SubjectRequestPage />);
    await searchFor('Jana Nováková');
    const results = await screen.findByTestId('subject-results');
    expect(within(results).getByText(i18n.t('privacy.subject.modules.visit'))).toBeTruthy();
    expect(within(results).getByText(i18n.t('privacy.subject.modules.keymanagement/keylend'))).toBeTruthy();
    expect(within(results).getByText(`${i18n.t('privacy.subject.held')}: 1`)).toBeTruthy();
    const search = server.calls.find((call) => call.url.pathname === '/api/privacy/subject/search')!;
    expect(search.body).toEqual({ kind: 'name', value: 'Jana Nováková' });
    expect(search.url.search).toBe('');
  });

  it('confirms a restriction naming how many records, then sends it', async () => {
    const server = subjectServer(FOUND);
    renderInApp(<SubjectRequestPage />);
    await searchFor('Jana Nováková');
    fireEvent.click(await screen.findByTestId('subject-restrict'));
    expect(await screen.findByText(i18n.t('privacy.subject.confirm.restrict', { count: 3 }))).toBeTruthy();
    fireEvent.click(screen.getByTestId('subject-confirm'));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.pathname === '/api/privacy/subject/request')?.body).toEqual(
        {
          kind: 'name',
          value: 'Jana Nováková',
          action: 'restrict',
        },
      ),
    );
  });

  it('says when nothing is found and offers no action', async () => {
    subjectServer({ total: 0, modules: [] });
    renderInApp(<SubjectRequestPage />);
    await searchFor('Nikdo');
    expect(await screen.findByTestId('subject-none')).toBeTruthy();
    expect(screen.queryByTestId('subject-erase')).toBeNull();
  });
});
