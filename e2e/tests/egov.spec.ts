import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  type AdminApi,
  type Language,
  expect,
  flowLanguages,
  loginByToken,
  test,
  uniqueName,
} from '../support/fixtures';
import { entryDialog } from '../support/blacklist';
import { text } from '../support/texts';
import { SCREENSHOTS, signInToGate } from '../support/visits';

/**
 * Reading an electronic identity document (issue 19; the server's rules: server/src/modules/egov/*.test.ts):
 * a receptionist reads the visitor's document through the simulator provider (the default) into the entry
 * dialog, keeping what was typed before and choosing the site's document type of the kind read; the vehicle
 * entry dialog offers the same on the driver's tab. A failing provider is said once, in the reading's dialog
 * (not also as a notification). Both languages, with screenshots.
 */
const PASSWORD = 'Egov-e2e-1!';

/** What `/api/egov/result` answers (docs/egov-provider.md), as far as the test reads it. */
type DocumentKind = 'ID_CARD' | 'PASSPORT' | 'RESIDENCE_PERMIT';
interface EgovResult {
  status: string;
  person?: { documentKind: DocumentKind; documentNumber: string };
}

/** The demo site's identity document of each kind the reader reports (server/src/modules/visit/visit.demo.ts). */
const DEMO_DOCUMENT_TYPE: Record<DocumentKind, string> = {
  ID_CARD: 'Občanský průkaz',
  PASSPORT: 'Cestovní pas',
  RESIDENCE_PERMIT: 'Povolení k pobytu',
};

/** A receptionist of the demo site at the visits' gate with the entry dialog open. */
async function openEntryDialog(page: Page, adminApi: AdminApi, language: Language) {
  const receptionist = await adminApi.createUser({
    userName: uniqueName('Reception'),
    password: PASSWORD,
    roles: ['VISIT_USER', 'VEHICLE_USER'],
    sites: ['Praha – centrála'],
  });
  await loginByToken(page, receptionist.userName, PASSWORD, language, '/visits/manager');
  await signInToGate(page, language);
  await page.getByTestId('action-entry').click();
  const dialog = entryDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const language of flowLanguages('egov')) {
  test(`a receptionist reads the visitor's ID document into the entry dialog (${language})`, async ({
    page,
    adminApi,
  }) => {
    const dialog = await openEntryDialog(page, adminApi, language);
    const company = `Firma ${uniqueName('')}`;
    await dialog.locator('#company').fill(company);

    // The simulator's answer says which kind of document it read.
    const done = page.waitForResponse(
      async (response) =>
        response.url().includes('/api/egov/result') &&
        response.ok() &&
        ((await response.json()) as EgovResult).status === 'DONE',
    );
    await dialog.getByTestId('egov-read').click();
    await expect(page.getByTestId('egov-waiting')).toContainText(text(language, 'egov.waiting'));
    await page.screenshot({ path: path.join(SCREENSHOTS, `egov-waiting-${language}.png`) });
    // The simulator reads the document after a second: the names and the number fill the form.
    await expect(
      page.getByText(new RegExp(text(language, 'egov.filled').replace('{{name}}', '.+'))),
    ).toBeVisible();
    await expect(page.getByTestId('egov-waiting')).toBeHidden();
    await expect(dialog.getByTestId('visit-lastName')).not.toHaveValue('');
    await expect(dialog.getByTestId('visit-firstName')).not.toHaveValue('');
    await expect(dialog.locator('#documentNumber')).not.toHaveValue('');
    const { person } = (await (await done).json()) as EgovResult;
    await expect(dialog.locator('#documentNumber')).toHaveValue(person!.documentNumber);
    // The document type: the site's type of the kind read.
    await expect(
      dialog.locator('.ant-form-item', { has: page.locator('#documentType') }).locator('.ant-select'),
    ).toContainText(DEMO_DOCUMENT_TYPE[person!.documentKind]);
    // What the receptionist typed before stays.
    await expect(dialog.locator('#company')).toHaveValue(company);
    await page.screenshot({ path: path.join(SCREENSHOTS, `egov-filled-${language}.png`) });
  });
}

// The other language than the reading above: the failure's text in both.
for (const language of flowLanguages('egov').map((one): Language => (one === 'cs' ? 'en-US' : 'cs'))) {
  test(`a failing eID provider is said once, in the reading's dialog (${language})`, async ({
    page,
    adminApi,
  }) => {
    const dialog = await openEntryDialog(page, adminApi, language);
    // The provider fails: the server's answer to the start of a reading (egov.routes.ts, EGOV_UNAVAILABLE).
    await page.route('**/api/egov/init', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        headers: {
          'X-Error-Code': 'EGOV_UNAVAILABLE',
          'X-Error-Message': encodeURIComponent('Identity document provider unavailable'),
        },
        body: JSON.stringify({ code: 'EGOV_UNAVAILABLE', message: 'Identity document provider unavailable' }),
      }),
    );
    await dialog.getByTestId('egov-read').click();
    const errorText = text(language, 'apiError_EGOV_UNAVAILABLE');
    await expect(page.getByTestId('egov-error')).toContainText(errorText);
    // Once on the page: no notification repeats it.
    await expect(page.getByText(errorText)).toHaveCount(1);
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `egov-failed-${language}.png`) });
    // Closing it leaves the entry dialog as it was.
    await page.getByTestId('egov-cancel').click();
    await expect(page.getByTestId('egov-error')).toBeHidden();
    await expect(dialog).toBeVisible();
  });
}
