import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  type AdminApi,
  clickSettled,
  expect,
  flowLanguages,
  loginByToken,
  settled,
  test,
  uniqueName,
  userApi,
} from '../support/fixtures';
import { createRecord } from '../support/crud';
import { SCREENSHOTS, choose } from '../support/visits';

/**
 * Signatures (issue 18; the server's rules: server/src/modules/signature/*.test.ts): a signature administrator
 * uploads a one-page template, places a zone by dragging it and two attributes on the page; a signer fills them
 * and signs with the mouse; the archive shows the signed document, validate says it is unaltered and the signed
 * PDF is shown; a visitor's entry with a purpose naming an entry document waits on the signing page and is
 * signed there. Independent tests, each with its own set-up through the API; screenshots of the screens and of the
 * signed PDF.
 */
const PASSWORD = 'Signature-e2e-1!';

async function onePagePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 60, y: 780, size: 20, font });
  page.drawText('I confirm the handover of the items listed.', { x: 60, y: 740, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** Draws a stroke across a canvas with the mouse. */
async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(
      box.x + box.width * (0.15 + step * 0.06),
      box.y + box.height * (0.6 - Math.sin(step / 2) * 0.3),
      { steps: 2 },
    );
  await page.mouse.up();
}

/** Opens a waiting document for signing, fills its two attributes and signs its zone. */
async function signWaiting(page: Page, title: string, name: string, count: string): Promise<void> {
  const row = page.getByTestId('signature-waiting-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByTestId('signature-sign').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('signing-form') });
  await expect(dialog.getByTestId('signature-page')).toHaveCount(1);
  await dialog.getByTestId('signing-attribute-Jméno').fill(name);
  await dialog.getByTestId('signing-attribute-Počet').fill(count);
  await drawSignature(page, dialog.getByTestId('signing-canvas-Podpis'));
  await clickSettled(dialog.getByTestId('signing-submit'));
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
}

/** Collects the page's Content-Security-Policy violations (pdf.js, its worker and the signature canvas). */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * What the first test places in the browser, through the API: a document with a version, its one-page template,
 * the zone 'Podpis' and the attributes 'Jméno' (mandatory text) and 'Počet' (a number from 5 to 10).
 */
async function givenTemplate(api: AdminApi, suffix: string) {
  const documentName = `Předávací protokol ${suffix}`;
  const document = await api.post<{ id: number }>('/signature/document', {
    name: documentName,
    maxAgeDays: 7,
    shredDays: 365,
  });
  const version = await api.post<{ id: number }>('/signature/version', {
    document: document.id,
    name: '1.0',
  });
  const upload = await api.request.post(`/api/signature/template?version=${version.id}&locale=cs`, {
    headers: { 'X-Auth-Token': api.token },
    multipart: {
      file: {
        name: `protokol-${suffix}.pdf`,
        mimeType: 'application/pdf',
        buffer: await onePagePdf(`Protokol ${suffix}`),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const template = ((await upload.json()) as { id: number }).id;
  await api.post('/signature/zone', {
    template,
    name: 'Podpis',
    page: 1,
    x: 200,
    y: 600,
    width: 200,
    height: 100,
  });
  await api.post('/signature/attribute', {
    template,
    name: 'Jméno',
    printName: 'Jméno',
    type: 'TEXT',
    mandatory: true,
    page: 1,
    x: 72,
    y: 200,
  });
  await api.post('/signature/attribute', {
    template,
    name: 'Počet',
    type: 'INTEGER',
    min: 5,
    max: 10,
    page: 1,
    x: 72,
    y: 230,
  });
  return { document: document.id, documentName };
}

for (const language of flowLanguages('signatures')) {
  const shot = (name: string) => path.join(SCREENSHOTS, `signatures-${name}-${language}.png`);

  test(`a template uploaded, a zone dragged and two attributes placed on its page (${language})`, async ({
    page,
    adminApi,
  }) => {
    const violations = watchPolicy(page);
    // The template names Helvetica without embedding it: pdf.js draws it with the standard font of the build.
    const standardFonts: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/pdfjs/standard_fonts/')) standardFonts.push(response.status());
    });
    const suffix = uniqueName('');
    const admin = await userApi(adminApi, 'SigAdmin', ['SIG_ADMIN', 'VISIT_ADMIN'], PASSWORD);
    const documentName = `Předávací protokol ${suffix}`;
    const document = await admin.api.post<{ id: number }>('/signature/document', {
      name: documentName,
      maxAgeDays: 7,
      shredDays: 365,
    });
    await admin.api.post('/signature/version', { document: document.id, name: '1.0' });

    // The administrator uploads the template and places a zone and two attributes on its page.
    await loginByToken(page, admin.userName, PASSWORD, language, '/signatures/documents');
    await page.getByRole('tab').nth(2).click();
    await page.getByTestId('signature-template-upload').click();
    const upload = page.locator('.ant-modal').filter({ has: page.getByTestId('signature-upload-ok') });
    await settled(upload);
    await upload.locator('#signature-upload-version').click();
    await clickSettled(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: documentName }).first(),
    );
    await upload.locator('input[type=file]').setInputFiles({
      name: `protokol-${suffix}.pdf`,
      mimeType: 'application/pdf',
      buffer: await onePagePdf(`Protokol ${suffix}`),
    });
    await clickSettled(upload.getByTestId('signature-upload-ok'));
    await expect(upload).toBeHidden();
    const templateRow = page.getByTestId('signature-template-row').filter({ hasText: suffix });
    await expect(templateRow).toHaveCount(1);
    await templateRow.getByTestId('signature-template-place').click();

    const editor = page.locator('.signature-editor-modal');
    await expect(editor.getByTestId('signature-page').locator('canvas')).toBeVisible();
    await expect.poll(() => standardFonts).toContain(200);
    expect(standardFonts.filter((status) => status !== 200)).toEqual([]);
    await editor.getByTestId('signature-add-zone').click();
    await editor.getByTestId('signature-field-name').fill('Podpis');
    // Dragged on the page: 150 px right and 450 px down at scale 0.75 are 200 and 600 points.
    const zone = editor.getByTestId('signature-box-zone');
    const from = (await zone.boundingBox())!;
    const xBefore = Number(await editor.getByTestId('signature-field-x').inputValue());
    const yBefore = Number(await editor.getByTestId('signature-field-y').inputValue());
    await page.mouse.move(from.x + 20, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + 95, from.y + 245, { steps: 5 });
    await page.mouse.move(from.x + 170, from.y + 470, { steps: 5 });
    await page.mouse.up();
    await expect(editor.getByTestId('signature-field-x')).toHaveValue(String(xBefore + 200));
    await expect(editor.getByTestId('signature-field-y')).toHaveValue(String(yBefore + 600));
    await editor.getByTestId('signature-item-save').click();
    await expect(editor.locator('.ant-tag', { hasText: /^(unsaved|neuloženo)$/ })).toHaveCount(0);

    await editor.getByTestId('signature-add-attribute').click();
    await editor.getByTestId('signature-field-name').fill('Jméno');
    await editor.getByTestId('signature-field-printName').fill('Jméno');
    await editor.getByTestId('signature-field-mandatory').check();
    await editor.getByTestId('signature-field-y').fill('200');
    await editor.getByTestId('signature-item-save').click();
    await expect(editor.locator('.signature-editor-list .ant-list-item')).toHaveCount(2);
    await expect(editor.locator('.ant-tag', { hasText: /^(unsaved|neuloženo)$/ })).toHaveCount(0);

    await editor.getByTestId('signature-add-attribute').click();
    await editor.getByTestId('signature-field-name').fill('Počet');
    await editor.getByTestId('signature-field-type').click();
    await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1));
    await editor.getByTestId('signature-field-min').fill('5');
    await editor.getByTestId('signature-field-max').fill('1');
    await editor.getByTestId('signature-field-y').fill('230');
    await editor.getByTestId('signature-item-save').click();
    // The rule shown on its field: max not smaller than min.
    await expect(editor.locator('.ant-form-item-explain-error')).toHaveCount(1);
    await editor.getByTestId('signature-field-max').fill('10');
    await editor.getByTestId('signature-item-save').click();
    await expect(editor.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await expect(editor.getByTestId('signature-box-attribute')).toHaveCount(2);
    await expect(editor.locator('.ant-tag', { hasText: /^(unsaved|neuloženo)$/ })).toHaveCount(0);
    await page.screenshot({ path: shot('editor') });
    await editor.locator('.ant-modal-close').click();
    await expect(editor).toBeHidden();
    expect(violations).toEqual([]);
  });

  test(`a document signed with the mouse, a visitor's entry document signed, both validated in the archive (${language})`, async ({
    page,
    newPage,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueName('');
    const admin = await userApi(adminApi, 'SigAdmin', ['SIG_ADMIN', 'VISIT_ADMIN'], PASSWORD);
    const signer = await userApi(adminApi, 'SigUser', ['SIG_USER'], PASSWORD);
    const desk = await userApi(adminApi, 'Reception', ['VISIT_USER'], PASSWORD);
    const { document, documentName } = await givenTemplate(admin.api, suffix);
    // A visit purpose whose entry document this is; a visitor enters.
    const purpose = await admin.api.post<{ id: number }>('/visit/purpose', {
      name: `Předání ${suffix}`,
      entryDocument: document,
    });
    const gates = await desk.api.get<Array<{ id: number }>>('/system_site/district/gate', { valid: 'true' });

    // The signer prepares a document and signs it with the mouse.
    const title = `Předání klíčů ${suffix}`;
    const tablet = page;
    const violations = watchPolicy(tablet);
    await loginByToken(tablet, signer.userName, PASSWORD, language, '/signatures/signing');
    await createRecord(tablet, language, async (dialog) => {
      await dialog.locator('#title').fill(title);
      await choose(tablet, dialog.locator('#document'), documentName);
    });
    await expect(tablet.getByTestId('signature-waiting-row').filter({ hasText: title })).toHaveCount(1);
    await tablet.screenshot({ path: shot('signing') });
    await signWaiting(tablet, title, 'Jan Novák', '7');

    // The reception records the visitor's entry: the entry document waits on the tablet (refreshed every 5 s).
    await desk.api.post('/visit', {
      purpose: purpose.id,
      gate: gates[0].id,
      firstName: 'Eva',
      lastName: `Hostová${suffix}`,
    });
    await signWaiting(tablet, `Hostová${suffix}`, 'Eva Hostová', '6');

    // The archive, opened from the side menu right after signing (no reload): both signed; validate says
    // unaltered; the signed PDF shown.
    const archiveLabel = language === 'cs' ? 'Archiv podpisů' : 'Signature archive';
    await clickSettled(tablet.getByTestId('side-menu').getByRole('menuitem', { name: archiveLabel }));
    await expect(tablet).toHaveURL(/\/signatures\/archive$/);
    const archived = tablet.getByTestId('signature-archive-row').filter({ hasText: title });
    await expect(archived).toHaveCount(1);
    await expect(
      tablet.getByTestId('signature-archive-row').filter({ hasText: `Hostová${suffix}` }),
    ).toHaveCount(1);
    await tablet.screenshot({ path: shot('archive') });
    await archived.getByTestId('signature-validate').click();
    await expect(tablet.getByTestId('signature-validate-result')).toHaveAttribute('data-valid', 'true');
    await tablet.locator('.ant-modal-confirm .ant-btn-primary').click();
    await archived.getByTestId('signature-show').click();
    const signedPdf = tablet.getByTestId('signature-signed-pdf');
    await expect(signedPdf.getByTestId('signature-page').locator('canvas')).toBeVisible();
    await tablet.waitForTimeout(500);
    await signedPdf.screenshot({ path: shot('signed-pdf') });

    // The visit's detail links the signed entry document.
    const office = await newPage();
    await loginByToken(office, admin.userName, PASSWORD, language, '/visits/overview');
    const visitRow = office.locator('.ant-table-tbody tr.ant-table-row', { hasText: `Předání ${suffix}` });
    await visitRow.locator('[data-action="preview"]').click();
    const signedOfVisit = office.getByTestId('signed-documents');
    await expect(signedOfVisit).toContainText(documentName);
    await expect(signedOfVisit.getByTestId('signed-document-download')).toBeVisible();
    await office.screenshot({ path: shot('visit-detail') });
    expect(violations).toEqual([]);
  });
}
