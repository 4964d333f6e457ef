// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { district } from '@strazce/contract';
import { errorAnswer, fakeServer, i18n, listAnswer, renderInApp, setUpBrowser } from '../../testing/render';
import { CrudPage } from './CrudPage';
import { fieldLabel } from './labels';
import { validationText } from './validation';

vi.mock('../../lib/session', async (importActual) =>
  (await import('../../testing/render')).sessionModule(await importActual<object>()),
);

const LIST = '/api/system_site/district';
const label = (name: string) => fieldLabel(i18n.t, district, name);
const rows = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index,
    version: 0,
    name: `District ${from + index}`,
    valid: true,
  }));

/** A server with 60 districts, 25 a page; a new district is refused with a field error. */
function districtServer() {
  return fakeServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === LIST) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 25);
      return listAnswer(rows(Math.min(size, 60 - (page - 1) * size), (page - 1) * size + 1), 60);
    }
    if (url.pathname.startsWith('/api/system_option/')) return Response.json([]);
    if (method === 'POST' && url.pathname === LIST)
      return errorAnswer(400, 'VALIDATION', [
        { path: 'name', message: 'validation.maxLength', params: { max: 100 } },
      ]);
    return errorAnswer(404, 'NOT_FOUND');
  });
}

/** The list screen, with a table state of its own (a screen keeps its page, sort and filters while the app runs). */
let screens = 0;
const renderList = () =>
  renderInApp(<CrudPage entity={district} stateKey={`districts-${++screens}`} />, '/site/districts');

/** The header cell of a column. */
const header = (name: string) =>
  screen.getAllByRole('columnheader').find((cell) => cell.textContent?.includes(label(name)))!;

beforeAll(setUpBrowser);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CrudPage: the list of an entity declared in the contract', () => {
  it("asks the server for the entity's first page in its default order and shows the rows and the total", async () => {
    const server = districtServer();
    renderList();
    expect(await screen.findByText('District 1')).toBeTruthy();
    const [first] = server.lists(LIST);
    expect(first.url.searchParams.get('page')).toBe('1');
    const size = Number(first.url.searchParams.get('size'));
    expect([10, 25, 50, 100]).toContain(size);
    expect(first.url.searchParams.get('sort')).toBe(
      `${district.defaultSort!.field},${district.defaultSort!.direction}`,
    );
    expect(screen.getByText(i18n.t('crud.total', { count: 60 }))).toBeTruthy();
    expect(screen.getByText(`District ${size}`)).toBeTruthy();
    expect(screen.queryByText(`District ${size + 1}`)).toBeNull();
  });

  it('sorts by a column the server sorts, back to the first page', async () => {
    const server = districtServer();
    renderList();
    await screen.findByText('District 1');
    fireEvent.click(within(header('valid')).getByText(label('valid')));
    await waitFor(() => expect(server.lists(LIST).at(-1)!.url.searchParams.get('sort')).toBe('valid,asc'));
    fireEvent.click(within(header('valid')).getByText(label('valid')));
    await waitFor(() => expect(server.lists(LIST).at(-1)!.url.searchParams.get('sort')).toBe('valid,desc'));
    expect(server.lists(LIST).at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('pages through the list as the server counts it', async () => {
    const server = districtServer();
    renderList();
    await screen.findByText('District 1');
    const size = Number(server.lists(LIST)[0].url.searchParams.get('size'));
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText(`District ${2 * size + 1}`)).toBeTruthy();
    expect(server.lists(LIST).at(-1)!.url.searchParams.get('page')).toBe('3');
    expect(screen.queryByText('District 1')).toBeNull();
    const to = Math.min(3 * size, 60);
    expect(screen.getByText(i18n.t('crud.range', { from: 2 * size + 1, to, count: 60 }))).toBeTruthy();
  });

  it('filters by a column, names the filter above the list and clears it', async () => {
    const server = districtServer();
    renderList();
    await screen.findByText('District 1');
    const trigger = header('name').querySelector('.ant-table-filter-trigger')!;
    fireEvent.click(trigger);
    const search = await screen.findByLabelText(i18n.t('crud.filter.contains', { field: label('name') }));
    fireEvent.change(search, { target: { value: 'North' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('crud.filter.apply') }));
    await waitFor(() => expect(server.lists(LIST).at(-1)!.url.searchParams.get('name')).toBe('North'));
    const chip = document.querySelector('.crud-filter-tag')!;
    expect(chip.textContent).toContain(label('name'));
    expect(chip.textContent).toContain('North');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(i18n.t('crud.clearFilters')) }));
    await waitFor(() => expect(server.lists(LIST).at(-1)!.url.searchParams.has('name')).toBe(false));
    expect(document.querySelector('.crud-filter-tag')).toBeNull();
  });

  it('hides a column the user unticks in the column chooser, and shows it again', async () => {
    districtServer();
    renderList();
    await screen.findByText('District 1');
    expect(header('valid')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-columns'));
    const panel = await screen.findByTestId('crud-columns-panel');
    fireEvent.click(within(panel).getByLabelText(label('valid')));
    await waitFor(() => expect(header('valid')).toBeUndefined());
    fireEvent.click(within(panel).getByLabelText(label('valid')));
    await waitFor(() => expect(header('valid')).toBeTruthy());
  });
});

describe('CrudDialog: the form of a record', () => {
  const openNew = async () => {
    renderList();
    await screen.findByText('District 1');
    const toolbar = document.querySelector<HTMLElement>('.crud-toolbar')!;
    fireEvent.click(within(toolbar).getByRole('button', { name: new RegExp(i18n.t('crud.action.create')) }));
    return screen.findByRole('dialog');
  };
  const nameInput = (dialog: HTMLElement) => within(dialog).getByLabelText(label('name'));

  // Escape and the close button are guarded; Cancel in the footer is the user's deliberate choice.
  const close = (dialog: HTMLElement) =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

  it('closes an untouched form at once, but asks before throwing typed work away', async () => {
    districtServer();
    let dialog = await openNew();
    close(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('discard-keep')).toBeNull();

    dialog = await openNew();
    fireEvent.change(nameInput(dialog), { target: { value: 'South' } });
    close(dialog);
    fireEvent.click(await screen.findByTestId('discard-keep'));
    expect(screen.getAllByRole('dialog')).toContain(dialog);
    expect((nameInput(dialog) as HTMLInputElement).value).toBe('South');
    close(dialog);
    await waitFor(() => expect(screen.getAllByTestId('discard-confirm').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('discard-confirm').at(-1)!);
    await waitFor(() => expect(screen.queryAllByRole('dialog')).not.toContain(dialog));
  });

  it("shows the server's validation error at its field and keeps the dialog open", async () => {
    const server = districtServer();
    const dialog = await openNew();
    fireEvent.change(nameInput(dialog), { target: { value: 'South' } });
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('crud.createButton') }));
    expect(
      await within(dialog).findByText(validationText(i18n.t, 'validation.maxLength', { max: 100 })),
    ).toBeTruthy();
    const post = server.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ name: 'South' });
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('refuses an empty required field before asking the server', async () => {
    const server = districtServer();
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('crud.createButton') }));
    expect(await within(dialog).findByText(i18n.t('validation.required'))).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
