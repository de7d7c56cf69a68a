import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Route } from '@playwright/test';
import type { components } from '../src/api/schema';
import { expect, SHOWCASE_PATIENT, test } from './fixtures';
import { checkLayout } from './layout';

type ClinicalSection = components['schemas']['ClinicalSection'];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SHOWCASE = SHOWCASE_PATIENT;

/** axe finds nothing, and the layout check (text whole, nothing under a floating button, 360 px wide) is clean. */
async function noAxeViolations(page: Page, name?: string): Promise<void> {
  if (name) await checkLayout(page, name);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations).toEqual([]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A small valid PNG: `width` x `height` pixels of one colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}


const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const upload = (form: Locator) => form.getByRole('button', { name: 'Upload', exact: true });

/** Picks a file the way a user does: the button opens the phone's chooser, which answers with the file. */
async function pickFile(page: Page, form: Locator, button: 'Take Photo' | 'Choose File', file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: button }).tap();
  await (await chooser).setFiles(file);
}

/** Holds the upload's POST until `release` (to see the progress, or to cancel it). */
async function holdUploads(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(`/api/patients/patient/${SHOWCASE}/clinical/attachments`),
    async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      await route.continue().catch(() => undefined);
    },
  );
  return { release: () => release() };
}

test.describe('Attachments from the phone at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('adds a photo from the camera: required fields, preview, progress, the list, full screen with Close and Escape', async ({ page, api }) => {
    const title = `Rash, left arm ${Date.now().toString(36)}`;
    await page.goto(`patients/${SHOWCASE}/clinical/attachments`);
    await main(page).getByRole('button', { name: 'Add Attachment' }).tap();
    const form = dialog(page, 'Add Attachment');
    await expect(form).toBeVisible();
    await noAxeViolations(page, 'attachment-form');
    // Nothing chosen, nothing typed: 'Required field' on the file and the title.
    await upload(form).tap();
    await expect(form.getByTestId('form-errors')).toBeVisible();
    await expect(form.getByText('Required field')).toHaveCount(2);

    await pickFile(page, form, 'Take Photo', { name: 'rash.png', mimeType: 'image/png', buffer: png(64, 48, [200, 60, 60]) });
    await expect(form.getByTestId('attachment-chosen')).toContainText('rash.png ·');
    await expect(form.getByRole('img', { name: 'Preview of rash.png' })).toBeVisible();
    await expect(form.getByLabel('Category')).toHaveValue('Photo');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Day 3, smaller than on day 1');
    await noAxeViolations(page, 'attachment-form-photo');

    // The upload shows its progress (held at the server's door for a moment) and then closes the form.
    const uploads = await holdUploads(page);
    await upload(form).tap();
    await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Cancel Upload' })).toBeVisible();
    uploads.release();
    await expect(form).toBeHidden();
    await expect(page.getByText('The attachment was saved.')).toBeVisible();

    // In the list (newest first), and stored as sent.
    const row = main(page).getByTestId('section-entry').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Photo');
    const list = await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/attachments`);
    const saved = list.entries.find((e) => (e.resource as { title?: string }).title === title);
    expect(saved?.resource).toMatchObject({ section: 'attachments', category: 'Photo', contentType: 'image/png', description: 'Day 3, smaller than on day 1' });

    // The entry: the photo opens over the whole screen on a tap, fit to it.
    await row.tap();
    const image = main(page).getByRole('img', { name: title });
    await expect(image).toBeVisible();
    await image.tap();
    const viewer = dialog(page, title);
    await expect(viewer).toBeVisible();
    const full = viewer.getByTestId('attachment-full-screen-image');
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    const box = (await full.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    await noAxeViolations(page, 'attachment-full-screen');
    await viewer.getByRole('button', { name: 'Close' }).tap();
    await expect(viewer).toBeHidden();
    // 'View Full Screen' does the same; Escape closes.
    await main(page).getByRole('button', { name: 'View Full Screen' }).tap();
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // The browser's Back closes it too, staying on the entry.
    const entryUrl = page.url();
    await image.tap();
    await expect(viewer).toBeVisible();
    await page.goBack();
    await expect(viewer).toBeHidden();
    expect(page.url()).toBe(entryUrl);
    await expect(image).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Download' })).toBeVisible();
  });

  test("refuses a file of another kind or over 10 MB on its field; the server's 400 and 413 too; closing with a file asks first; Cancel Upload stops it", async ({ page, api }) => {
    const title = `Referral letter ${Date.now().toString(36)}`;
    await page.goto(`patients/${SHOWCASE}/clinical/attachments`);
    await main(page).getByRole('button', { name: 'Add Attachment' }).tap();
    const form = dialog(page, 'Add Attachment');
    await expect(form).toBeVisible();

    await pickFile(page, form, 'Choose File', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(form.getByText('Attach a photo (JPEG, PNG or WebP) or a PDF')).toBeVisible();
    await expect(form.getByRole('img')).toHaveCount(0);

    const big = Buffer.concat([png(2, 2, [0, 0, 0]), Buffer.alloc(11 * 1024 * 1024)]);
    await pickFile(page, form, 'Choose File', { name: 'scan.png', mimeType: 'image/png', buffer: big });
    await expect(form.getByText('The file is larger than 10 MB')).toBeVisible();
    await expect(form.getByTestId('attachment-chosen')).toContainText('scan.png · 11.0 MB');
    await noAxeViolations(page, 'attachment-form-too-large');

    // A file chosen is a change: closing asks first.
    await form.getByRole('button', { name: 'Close' }).tap();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep Editing' }).tap();
    await expect(discard).toBeHidden();
    await expect(form).toBeVisible();

    // The server's 400 lands on its field: bytes that are not the kind they say.
    await pickFile(page, form, 'Choose File', { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await expect(form.getByText('The file is larger than 10 MB')).toBeHidden();
    await form.getByLabel('Title').fill(title);
    await upload(form).tap();
    await expect(form.getByText('The file is not the kind it says it is, or it is damaged')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Take Photo' })).toBeFocused();

    // The server's refusal of the size is said on the file too.
    await pickFile(page, form, 'Choose File', { name: 'letter.png', mimeType: 'image/png', buffer: png(8, 8, [20, 20, 160]) });
    await expect(form.getByText('The file is not the kind it says it is, or it is damaged')).toBeHidden();
    await page.route(
      (url) => url.pathname.endsWith(`/api/patients/patient/${SHOWCASE}/clinical/attachments`),
      (route) => route.fulfill({ status: 413, json: { code: 'payload_too_large', message: 'The request is too large', fields: {} } }),
      { times: 1 },
    );
    await upload(form).tap();
    await expect(form.getByText('The file is larger than 10 MB')).toBeVisible();
    await expect(upload(form)).toBeEnabled();

    // Cancel Upload stops it: the form stays as it was, nothing is stored.
    const uploads = await holdUploads(page);
    await upload(form).tap();
    await form.getByRole('button', { name: 'Cancel Upload' }).tap();
    await expect(form.getByTestId('upload-notice')).toHaveText('The upload was cancelled. The file was not saved.');
    await expect(form.getByLabel('Title')).toHaveValue(title);
    await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toBeHidden();
    uploads.release();

    // Cancel with a file chosen asks; Discard closes.
    await form.getByRole('button', { name: 'Cancel', exact: true }).tap();
    await discard.getByRole('button', { name: 'Discard' }).tap();
    await expect(form).toBeHidden();
    const list = await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/attachments`);
    expect(list.entries.some((e) => (e.resource as { title?: string }).title === title)).toBe(false);
  });

  test('a PDF: chosen as a file, no preview; its page opens it in a new tab and keeps Download', async ({ page, api }) => {
    const title = `Referral letter ${Date.now().toString(36)}`;
    const id = (await api.newAdult('Paula', 'Files')).patientId;
    await page.goto(`patients/${id}/clinical/attachments`);
    await expect(main(page).getByText('No attachments')).toBeVisible();
    await main(page).getByRole('button', { name: 'Add Attachment' }).tap();
    const form = dialog(page, 'Add Attachment');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await pickFile(page, form, 'Choose File', { name: 'referral.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(form.getByTestId('attachment-chosen')).toContainText('referral.pdf ·');
    await expect(form.getByRole('img')).toHaveCount(0);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Category').fill('Referral letter');
    await upload(form).tap();
    await expect(form).toBeHidden();
    await main(page).getByTestId('section-entry').filter({ hasText: title }).tap();
    const open = main(page).getByRole('link', { name: 'Open PDF' });
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('href', /^blob:/);
    await expect(main(page).getByRole('link', { name: 'Download' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'View Full Screen' })).toHaveCount(0);
    const popup = page.waitForEvent('popup');
    await open.tap();
    expect((await popup).url()).toMatch(/^blob:/);
  });
});
