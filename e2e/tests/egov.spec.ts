import path from 'node:path';
import { expect, flowLanguages, loginByToken, test, uniqueName } from '../support/fixtures';
import { entryDialog } from '../support/blacklist';
import { text } from '../support/texts';
import { SCREENSHOTS, signInToGate } from '../support/visits';

/**
 * Reading an electronic identity document (issue 19; the server's rules: server/src/modules/egov/*.test.ts):
 * a receptionist reads the visitor's document through the simulator provider (the default) into the entry
 * dialog, keeping what was typed before; the vehicle entry dialog offers the same on the driver's tab. Both
 * languages, with screenshots.
 */
const PASSWORD = 'Egov-e2e-1!';

for (const language of flowLanguages('egov')) {
  test(`a receptionist reads the visitor's ID document into the entry dialog (${language})`, async ({
    page,
    adminApi,
  }) => {
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
    const company = `Firma ${uniqueName('')}`;
    await dialog.locator('#company').fill(company);

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
    // What the receptionist typed before stays.
    await expect(dialog.locator('#company')).toHaveValue(company);
    await page.screenshot({ path: path.join(SCREENSHOTS, `egov-filled-${language}.png`) });
  });
}
