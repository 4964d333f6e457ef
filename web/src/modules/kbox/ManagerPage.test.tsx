// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kboxKeybox } from '@strazce/contract';
import { fieldLabel } from '../../components/crud/labels';
import { errorAnswer, fakeServer, i18n, listAnswer, renderInApp, setUpBrowser } from '../../testing/render';
import ManagerPage from './ManagerPage';

vi.mock('../../lib/session', async (importActual) =>
  (await import('../../testing/render')).sessionModule(await importActual<object>()),
);
// The pick-up figures below the list are a report of their own.
vi.mock('./KeyboxFigures', () => ({ KeyboxFigures: () => null }));

beforeAll(setUpBrowser);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'kbox-token-0123456789';
const KEYBOX = {
  id: 9,
  version: 0,
  name: 'Reception box',
  status: 'OFFLINE',
  pinHours: 72,
  offlineMinutes: 30,
};

function keyboxServer() {
  return fakeServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/kbox/keybox') return listAnswer([KEYBOX]);
    if (method === 'POST' && url.pathname === '/api/kbox/keybox')
      return Response.json({ ...KEYBOX, id: 10, name: 'Gate box', token: TOKEN }, { status: 201 });
    if (method === 'POST' && url.pathname === `/api/kbox/keybox/${KEYBOX.id}/token`)
      return Response.json({ ...KEYBOX, token: `${TOKEN}-new` });
    if (url.pathname.startsWith('/api/system_option/')) return Response.json([]);
    return errorAnswer(404, 'NOT_FOUND');
  });
}

describe("the keyboxes' dialog (/kbox/manager)", () => {
  it('creates a keybox with the defaults of its declaration and shows its token once', async () => {
    const server = keyboxServer();
    renderInApp(<ManagerPage />, '/kbox/manager');
    await screen.findByText(KEYBOX.name);
    const toolbar = document.querySelector<HTMLElement>('.crud-toolbar')!;
    fireEvent.click(within(toolbar).getByRole('button', { name: new RegExp(i18n.t('crud.action.create')) }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(fieldLabel(i18n.t, kboxKeybox, 'name')), {
      target: { value: 'Gate box' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('crud.createButton') }));
    expect((await screen.findByTestId('kbox-token')).textContent).toContain(TOKEN);
    const post = server.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      name: 'Gate box',
      pinHours: kboxKeybox.fields.pinHours.default,
      offlineMinutes: kboxKeybox.fields.offlineMinutes.default,
    });
  });

  it('gives a keybox a new token after the user confirms, and shows it once', async () => {
    const server = keyboxServer();
    renderInApp(<ManagerPage />, '/kbox/manager');
    await screen.findByText(KEYBOX.name);
    fireEvent.click(screen.getByTestId('kbox-token-new'));
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!found) throw new Error('no confirmation yet');
      return found;
    });
    expect(confirm.textContent).toContain(i18n.t('patrolSetup.newTokenConfirm'));
    fireEvent.click(within(confirm).getByRole('button', { name: i18n.t('patrolSetup.newToken') }));
    expect((await screen.findByTestId('kbox-token')).textContent).toContain(`${TOKEN}-new`);
    await waitFor(() =>
      expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
        `/api/kbox/keybox/${KEYBOX.id}/token`,
      ]),
    );
  });
});
