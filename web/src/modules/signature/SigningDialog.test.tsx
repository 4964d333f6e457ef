// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SigningForm } from '@strazce/contract';
import { validationText } from '../../components/crud/validation';
import { errorAnswer, fakeServer, i18n, renderInApp, setUpBrowser } from '../../testing/render';
import SigningDialog from './SigningDialog';

vi.mock('../../lib/session', async (importActual) =>
  (await import('../../testing/render')).sessionModule(await importActual<object>()),
);
// jsdom draws no PDF and no canvas: the pages are left out and a zone is signed with a button.
vi.mock('./pdfView', () => ({ PdfPages: () => null }));
vi.mock('./SignatureCanvas', () => ({
  SignatureCanvas: ({ onChange, testId }: { onChange(png: string | null): void; testId: string }) => (
    <button type="button" data-testid={testId} onClick={() => onChange('data:image/png;base64,AAAA')}>
      sign
    </button>
  ),
}));

beforeAll(setUpBrowser);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FORM: SigningForm = {
  zones: [{ id: 31, name: 'Visitor', page: 1, x: 10, y: 10, width: 200, height: 80 }],
  attributes: [
    {
      id: 21,
      name: 'company',
      printName: 'Company',
      type: 'TEXT',
      mandatory: true,
      min: 2,
      max: 40,
      values: [],
    },
  ],
};

function signingServer(signAnswer: () => Response) {
  return fakeServer(({ method, url }) => {
    if (url.pathname === '/api/signature/signed/5/form') return Response.json(FORM);
    if (method === 'POST' && url.pathname === '/api/signature/signed/5/sign') return signAnswer();
    return errorAnswer(404, 'NOT_FOUND');
  });
}

const renderDialog = () => {
  const onSigned = vi.fn();
  renderInApp(
    <SigningDialog
      record={{ id: 5, version: 1, title: 'Visitor rules' }}
      onClose={vi.fn()}
      onSigned={onSigned}
    />,
  );
  return onSigned;
};
const submit = () => fireEvent.click(screen.getByTestId('signing-submit'));

describe('SigningDialog: signing a waiting document', () => {
  it('checks the attributes and the zones before asking the server', async () => {
    const server = signingServer(() => new Response(null, { status: 204 }));
    renderDialog();
    const form = await screen.findByTestId('signing-form');
    submit();
    expect(await within(form).findByText(validationText(i18n.t, 'validation.required'))).toBeTruthy();
    expect(within(form).getByText(validationText(i18n.t, 'validation.signatureRequired'))).toBeTruthy();
    fireEvent.change(within(form).getByTestId('signing-attribute-company'), { target: { value: 'A' } });
    submit();
    expect(
      await within(form).findByText(validationText(i18n.t, 'validation.minLength', { min: 2 })),
    ).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the values and the signatures, and shows what the server refuses at its field', async () => {
    let refuse = true;
    const server = signingServer(() =>
      refuse
        ? errorAnswer(400, 'VALIDATION', [
            { path: 'values.21', message: 'validation.maxLength', params: { max: 40 } },
          ])
        : new Response(null, { status: 204 }),
    );
    const onSigned = renderDialog();
    const form = await screen.findByTestId('signing-form');
    fireEvent.change(within(form).getByTestId('signing-attribute-company'), { target: { value: 'Acme' } });
    fireEvent.click(within(form).getByTestId('signing-canvas-Visitor'));
    submit();
    expect(
      await within(form).findByText(validationText(i18n.t, 'validation.maxLength', { max: 40 })),
    ).toBeTruthy();
    const post = server.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ values: { 21: 'Acme' }, signatures: { 31: 'data:image/png;base64,AAAA' } });
    expect(onSigned).not.toHaveBeenCalled();

    refuse = false;
    submit();
    await waitFor(() => expect(onSigned).toHaveBeenCalled());
  });
});
