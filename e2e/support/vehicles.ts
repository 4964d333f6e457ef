import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, loginByToken, type Language } from './fixtures';
import { expect, keepsGate } from './visits';

/** A plate no other test uses (digits and letters, as the plate pattern allows). */
export function uniquePlate(prefix: string): string {
  return `${prefix}${String(Date.now()).slice(-4)}${Math.floor(Math.random() * 90 + 10)}`;
}

/**
 * Opens the vehicle manager signed in to the first gate (the gate chosen once is kept for the user); the demo
 * guard `user` unless another user is given.
 */
export async function openVehicleManager(
  page: Page,
  language: Language,
  user: { userName: string; password: string } = { userName: 'user', password: DEMO_PASSWORD },
): Promise<void> {
  await loginByToken(page, user.userName, user.password, language, '/vehicles/manager');
  if (await keepsGate(page, user.userName)) await expect(page.getByTestId('vehicle-manager')).toBeVisible();
  else {
    await expect(page.getByTestId('gate-sign-in')).toBeVisible();
    await page.getByTestId('gate-tile').first().click();
  }
  await expect(page.getByTestId('current-gate')).toBeVisible();
}
