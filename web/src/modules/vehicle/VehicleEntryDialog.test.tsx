// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorAnswer, fakeServer, i18n, listAnswer, renderInApp, setUpBrowser } from '../../testing/render';
import { formatDateTime } from '../../lib/format';
import { VehicleEntryDialog } from './VehicleEntryDialog';

vi.mock('../../lib/session', async (importActual) =>
  (await import('../../testing/render')).sessionModule(await importActual<object>()),
);

beforeAll(setUpBrowser);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GATE = { siteId: 1, id: 7, name: 'North gate', color: null, district: null };
/** The plate's last movement as the server keeps it. */
const LAST = {
  id: 40,
  version: 2,
  plate: 'AB12345',
  driverFirstName: 'Jan',
  driverLastName: 'Dvořák',
  purpose: { id: 3, label: 'Delivery' },
  movementTime: '2026-01-10T08:00:00.000Z',
  gate: { id: 99, label: 'Old gate' },
  card: 'C-17',
  note: 'Left the barrier open',
};

function vehicleServer() {
  return fakeServer(({ method, url }) => {
    if (url.pathname === '/api/vehicle/lastbylp')
      return url.searchParams.get('plate') === LAST.plate ? Response.json(LAST) : Response.json(null);
    if (url.pathname === '/api/vehicle/lastbycard') return errorAnswer(404, 'CARD_NOT_FOUND');
    if (method === 'POST') return Response.json({ id: 41, version: 0 }, { status: 201 });
    return listAnswer([]);
  });
}

const renderDialog = (onDone = vi.fn(), onClose = vi.fn()) => {
  renderInApp(<VehicleEntryDialog kind="entry" gate={GATE} onDone={onDone} onClose={onClose} />);
  return { onDone, onClose };
};

describe("VehicleEntryDialog: 'Zapsat vstup' of a vehicle at the guard's gate", () => {
  it("fills the vehicle and driver from the plate's last entry, not its gate, card or note, and records it at the guard's gate", async () => {
    const server = vehicleServer();
    const { onDone, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('lookup-plate').parentElement!.querySelector('input')!, {
      target: { value: LAST.plate },
    });
    fireEvent.click(within(dialog).getByTestId('lookup-plate'));
    await waitFor(() =>
      expect(server.calls.some((call) => call.url.pathname === '/api/vehicle/lastbylp')).toBe(true),
    );
    const filled = i18n.t('vehicles.entry.filled', { time: formatDateTime(LAST.movementTime) });
    expect(await screen.findByText(filled)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('visits.action.entry') }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = server.calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/vehicle/entry');
    const body = post.body as Record<string, unknown>;
    expect(body).toMatchObject({ plate: LAST.plate, driverFirstName: 'Jan', driverLastName: 'Dvořák' });
    expect(JSON.stringify(body.purpose)).toContain('3');
    expect(JSON.stringify(body.gate)).toContain(String(GATE.id));
    expect(JSON.stringify(body.gate)).not.toContain('99');
    expect(body.card ?? null).toBeNull();
    expect(body.note ?? null).toBeNull();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('says so at the card field when the card is unknown, and records nothing', async () => {
    const server = vehicleServer();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('lookup-card').parentElement!.querySelector('input')!, {
      target: { value: 'NO-SUCH' },
    });
    fireEvent.click(within(dialog).getByTestId('lookup-card'));
    expect(await within(dialog).findByText(i18n.t('apiError_CARD_NOT_FOUND'))).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
