import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { clickSettled, flowLanguages, type Language, settled, test } from '../support/fixtures';
import { allowLongFlows, expect, visitRow } from '../support/visits';
import { openVehicleManager } from '../support/vehicles';

allowLongFlows();

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp');
/** A lorry of the demo data, inside the area of the guard's site. */
const PLATE = '2AK4521';

const TEXTS = {
  cs: {
    photos: 'Fotografie',
    fromFile: 'Přidat ze souboru',
    camera: 'Vyfotit',
    added: 'přidána',
    notImage: 'jen obrázek',
  },
  'en-US': {
    photos: 'Photos',
    fromFile: 'Add from a file',
    camera: 'Take a photo',
    added: 'added',
    notImage: 'Only images',
  },
} satisfies Record<Language, Record<string, string>>;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 320 × 200 PNG: a grey lorry-ish box on a blue sky over a dark road, made here. */
function photo(): Buffer {
  const [width, height] = [320, 200];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = 1 + width * 3;
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const road = y > 150;
      const box = x > 60 && x < 250 && y > 60 && y <= 150;
      const wheel = (x - 100) ** 2 + (y - 150) ** 2 < 200 || (x - 210) ** 2 + (y - 150) ** 2 < 200;
      const colour = wheel ? [20, 20, 20] : box ? [190, 190, 200] : road ? [70, 70, 75] : [120, 170, 230];
      rows.set(colour, y * stride + 1 + x * 3);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Opens the detail of the demo lorry from its row's preview action. */
async function openDetail(page: Page) {
  const row = visitRow(page, PLATE).first();
  await row.locator('[data-action="preview"]').click();
  const detail = page.getByTestId('vehicle-detail');
  await settled(detail);
  return detail;
}

/**
 * Photos of a vehicle movement (issue 12): a guard opens the lorry's detail from the manager, adds a photo from a
 * file, sees its thumbnail and opens it large; a PDF is refused in the user's language; the detail and the
 * photos at 1440 and 390 px; the photo removed again. Both languages.
 */
for (const language of flowLanguages('vehicle-photos')) {
  const texts = TEXTS[language];
  const shot = (name: string) => path.join(SHOTS, `vehicle-photos-${name}-${language}.png`);

  test(`a guard adds a photo to a vehicle movement and sees it in the detail (${language})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVehicleManager(page, language);
    const detail = await openDetail(page);
    const photos = detail.getByTestId('vehicle-photos');
    await expect(photos.getByRole('heading', { name: texts.photos })).toBeVisible();
    await expect(photos.getByTestId('vehicle-photo-file')).toHaveText(texts.fromFile);
    await expect(photos.getByTestId('vehicle-photo-camera')).toHaveText(texts.camera);
    // The camera button opens the device's camera on phones and tablets: an image input with `capture`.
    await expect(photos.getByTestId('vehicle-photo-camera-input')).toHaveAttribute('capture', 'environment');

    await page.screenshot({ path: shot('detail-1440') });

    const name = `lorry-${language}-${Date.now()}.png`;
    await photos.locator('input[type=file]').first().setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: photo(),
    });
    await expect(page.locator('.ant-message')).toContainText(texts.added);
    const thumbnail = photos.getByRole('img', { name: new RegExp(name.replace('.', '\\.')) });
    await expect(thumbnail).toBeVisible();
    // The thumbnail shows the image (decoded, not a broken icon).
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(320);

    // A PDF is not a photo: refused in the user's language, nothing added.
    const count = await photos.getByTestId('vehicle-photo').count();
    await photos
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'scan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
    await expect(photos.getByTestId('vehicle-photo-sending')).toContainText(texts.notImage);
    await expect(photos.getByTestId('vehicle-photo')).toHaveCount(count);
    await photos.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('photos-1440') });

    // Opened large.
    await thumbnail.click();
    const preview = page.locator('.ant-image-preview');
    await settled(preview.locator('img').first());
    await page.screenshot({ path: shot('preview-1440') });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // On a phone: the same detail, one column.
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneDetail = await openDetail(page);
    await expect(phoneDetail.getByRole('img', { name: new RegExp(name.replace('.', '\\.')) })).toBeVisible();
    await page.screenshot({ path: shot('detail-390') });
    await phoneDetail.getByTestId('vehicle-photos').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('photos-390') });

    // Removed again by the guard.
    const mine = phoneDetail.getByTestId('vehicle-photo').filter({
      has: page.getByRole('img', { name: new RegExp(name.replace('.', '\\.')) }),
    });
    await mine.getByTestId('vehicle-photo-remove').click();
    await clickSettled(page.getByTestId('vehicle-photo-remove-ok'));
    await expect(mine).toHaveCount(0);
  });
}
