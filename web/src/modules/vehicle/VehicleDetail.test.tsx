// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MASKED_VALUE } from '@strazce/contract';
import { errorAnswer, fakeServer, i18n, listAnswer, renderInApp, setUpBrowser } from '../../testing/render';
import { VehicleDetail } from './VehicleDetail';

vi.mock('../../lib/session', async (importActual) =>
  (await import('../../testing/render')).sessionModule(await importActual<object>()),
);

beforeAll(setUpBrowser);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A vehicle entry of a site that withholds document numbers (DOCUMENT_NUMBERS_ON_REQUEST). */
const WITHHELD = {
  id: 41,
  version: 0,
  direction: 'IN',
  plate: '7DOC123',
  driverFirstName: 'Karel',
  driverLastName: 'Řidič',
  documentNumber: MASKED_VALUE,
  companions: [{ id: 5, name: 'Petr Malý', document: MASKED_VALUE }],
  createdAt: '2026-11-29T08:00:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
};

function server(reveal: () => Response) {
  return fakeServer(({ url }) => {
    if (url.pathname === '/api/vehicle/41/documents') return reveal();
    if (url.pathname === '/api/vehicle/photo') return listAnswer([]);
    return errorAnswer(404, 'NOT_FOUND');
  });
}

describe('VehicleDetail: document numbers on request', () => {
  it("shows the driver's and the companions' numbers after 'Show', asking the server once", async () => {
    const calls = server(() =>
      Response.json({ documentNumber: 'DRV-77', companions: [{ id: 5, document: 'CMP-1' }] }),
    );
    renderInApp(<VehicleDetail record={WITHHELD} />);
    const withheld = await screen.findByTestId('withheld-document');
    expect(screen.queryByText('DRV-77')).toBeNull();
    fireEvent.click(within(withheld).getByTestId('reveal-documents'));
    expect(await screen.findByText('DRV-77')).toBeTruthy();
    expect(screen.getByText('CMP-1')).toBeTruthy();
    expect(screen.queryByTestId('reveal-documents')).toBeNull();
    expect(calls.calls.filter((call) => call.url.pathname === '/api/vehicle/41/documents')).toHaveLength(1);
  });

  it('keeps the numbers hidden, and the control, when the server refuses', async () => {
    const calls = server(() => errorAnswer(403, 'PERSONAL_DATA_REQUIRED'));
    renderInApp(<VehicleDetail record={WITHHELD} />);
    fireEvent.click(await screen.findByTestId('reveal-documents'));
    await waitFor(() =>
      expect(calls.calls.some((call) => call.url.pathname.endsWith('/documents'))).toBe(true),
    );
    // Answered: no longer loading, still offered, the numbers still masked (the driver's and the companion's).
    await waitFor(() =>
      expect(screen.getByTestId('reveal-documents').className).not.toContain('ant-btn-loading'),
    );
    expect(screen.getAllByText(i18n.t('visits.masked'))).toHaveLength(2);
  });

  it('offers no control for a record whose numbers are not withheld', async () => {
    server(() => errorAnswer(404, 'NOT_FOUND'));
    renderInApp(<VehicleDetail record={{ ...WITHHELD, documentNumber: 'DRV-77', companions: [] }} />);
    expect(await screen.findByText('DRV-77')).toBeTruthy();
    expect(screen.queryByTestId('reveal-documents')).toBeNull();
  });
});
