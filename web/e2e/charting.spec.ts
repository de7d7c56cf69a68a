import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkLayout } from './layout';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe finds nothing, and the layout check (text whole, nothing under a floating button, 360 px wide) is clean. */
async function noAxeViolations(page: Page, name?: string): Promise<void> {
  if (name) await checkLayout(page, name);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations).toEqual([]);
}


const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const save = (form: Locator) => form.getByRole('button', { name: 'Save', exact: true });

/** The page does not scroll sideways on a 360 px phone. */
async function fitsThePhone(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test.describe('Charting from the phone at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('adds a severe allergy: the list, the board count and the alerts banner show it; a 400 lands on its field; editing keeps a history', async ({ page, api }) => {
    const id = (await api.newAdult('Alba', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/allergies`);
    await main(page).getByRole('button', { name: 'Add Allergy' }).tap();
    const form = dialog(page, 'Add Allergy');
    await expect(form).toBeVisible();
    await noAxeViolations(page, 'chart-add-allergy');
    // Required field on submit.
    await save(form).tap();
    await expect(form.getByText('Required field')).toBeVisible();
    // Hidden characters from a paste are taken out, not refused.
    await form.getByLabel('Substance').fill('\u200BPeanut\u202E');
    await form.getByLabel('Severity').selectOption('severe');
    // One word for the type in the form and the list.
    await expect(form.getByLabel('Type').locator('option')).toHaveText(['Not recorded', 'Drug', 'Food', 'Environmental', 'Biologic']);
    await form.getByLabel('Type').selectOption('medication');
    await form.getByLabel('Reaction').fill('Anaphylaxis');
    // The server's 400 is shown on its field: an onset before the patient was born.
    await form.getByLabel('Onset').fill('1900-01-01');
    await save(form).tap();
    await expect(form.getByTestId('form-errors')).toBeVisible();
    const onsetError = form.locator('#' + (await form.getByLabel('Onset').getAttribute('id')) + '-helper-text');
    await expect(onsetError).not.toBeEmpty();
    await form.getByLabel('Onset').fill('');
    await save(form).tap();
    await expect(form).toBeHidden();
    // On the list, severe, and in the banner by name.
    const entry = main(page).getByTestId('section-entry').filter({ hasText: 'Peanut' });
    await expect(entry.getByTestId('allergy-severity')).toHaveText('Severe');
    await expect(entry).toContainText('Drug');
    await expect(entry.getByText('Peanut', { exact: true })).toBeVisible();
    await expect(page.getByTestId('alerts-banner')).toContainText('1 Allergy Alert');
    await expect(page.getByTestId('severe-allergies')).toContainText('Peanut');
    await expect(main(page).getByTestId('severe-allergy-alert')).toContainText('Severe allergy: Peanut (Anaphylaxis)');
    await fitsThePhone(page);
    await noAxeViolations(page, 'chart-allergies-severe');
    // The board counts it.
    await page.goto(`patients/${id}/clinical`);
    await expect(main(page).getByRole('link', { name: /^Allergies \(1\)/ })).toBeVisible();
    // Edit it: the entry changes and its history shows what changed.
    await page.goto(`patients/${id}/clinical/allergies`);
    await entry.tap();
    await main(page).getByRole('button', { name: 'Edit' }).tap();
    const edit = dialog(page, 'Edit Allergy');
    await expect(edit.getByLabel('Substance')).toHaveValue('Peanut');
    await edit.getByLabel('Reaction').fill('Hives');
    await save(edit).tap();
    await expect(edit).toBeHidden();
    await expect(main(page).getByText('Hives').first()).toBeVisible();
    const history = main(page).getByTestId('entry-history');
    await expect(history.getByTestId('history-version')).toHaveCount(2);
    await expect(history.getByTestId('history-version').first()).toContainText('Reaction: Anaphylaxis → Hives');
    await noAxeViolations(page, 'chart-allergy-history');
    // Resolved, it is no alert any more: the banner goes.
    await main(page).getByRole('button', { name: 'Edit' }).tap();
    await edit.getByLabel('Status').selectOption('resolved');
    await save(edit).tap();
    await expect(edit).toBeHidden();
    await expect(history.getByTestId('history-version').first()).toContainText('Status: Active → Resolved');
    await expect(page.getByTestId('alerts-banner')).toHaveCount(0);
  });

  test("'No Known Allergies' in one tap on a patient without active allergies; closing a typed form asks first", async ({ page, api }) => {
    const id = (await api.newAdult('Nora', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/allergies`);
    await main(page).getByRole('button', { name: 'No Known Allergies' }).tap();
    await expect(main(page).getByTestId('section-none-known')).toContainText('No Known Allergies');
    await expect(main(page).getByRole('button', { name: 'No Known Allergies', exact: true })).toHaveCount(0);
    // A typed change is not thrown away without asking.
    await main(page).getByRole('button', { name: 'Add Allergy' }).tap();
    const form = dialog(page, 'Add Allergy');
    await form.getByLabel('Substance').fill('Latex');
    await form.getByRole('button', { name: 'Cancel' }).tap();
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep Editing' }).tap();
    await expect(form.getByLabel('Substance')).toHaveValue('Latex');
    await form.getByRole('button', { name: 'Cancel' }).tap();
    await ask.getByRole('button', { name: 'Discard' }).tap();
    await expect(form).toBeHidden();
  });

  test('adds a problem through the ICD-10-CM search', async ({ page, api }) => {
    const id = (await api.newAdult('Pia', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/problemList`);
    await main(page).getByRole('button', { name: 'Add Problem' }).tap();
    const form = dialog(page, 'Add Problem');
    const search = form.getByRole('combobox', { name: /ICD-10-CM code or description/ });
    await search.fill('diab type 2');
    const option = page.getByRole('listbox').getByRole('option', { name: /^E11\.9 / });
    await expect(option).toBeVisible();
    await noAxeViolations(page, 'chart-add-problem-search');
    await option.tap();
    await expect(search).toHaveValue(/^E11\.9 /);
    await save(form).tap();
    await expect(form).toBeHidden();
    await expect(main(page).getByTestId('section-entry').first()).toContainText('ICD-10-CM E11.9');
    // By keyboard: arrows and Enter pick a code.
    await main(page).getByRole('button', { name: 'Add Problem' }).tap();
    const again = dialog(page, 'Add Problem');
    const box = again.getByRole('combobox', { name: /ICD-10-CM code or description/ });
    await box.fill('I10');
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('I10');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(box).toHaveValue(/^I10/);
    await save(again).tap();
    await expect(again).toBeHidden();
    await expect(main(page).getByTestId('section-entry')).toHaveCount(2);
  });

  test("records an immunization, and one 'Not given' with its required reason", async ({ page, api }) => {
    const id = (await api.newAdult('Ivo', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/immunizations`);
    await main(page).getByRole('button', { name: 'Add Immunization' }).tap();
    const form = dialog(page, 'Add Immunization');
    const vaccine = form.getByRole('combobox', { name: 'Vaccine' });
    await expect(vaccine).toHaveText('Choose a vaccine');
    await noAxeViolations(page, 'chart-add-immunization');
    // The vaccine names wrap in the picker at 360 px: none is cut off.
    await vaccine.tap();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).not.toHaveCount(1);
    const clipped = await options.evaluateAll((items) => items.filter((o) => o.scrollWidth > o.clientWidth || o.getBoundingClientRect().right > window.innerWidth).map((o) => o.textContent));
    expect(clipped).toEqual([]);
    const longest = await options.evaluateAll((items) => Math.max(...items.map((o) => o.getBoundingClientRect().height)));
    expect(longest).toBeGreaterThan(48);
    await noAxeViolations(page, 'chart-vaccine-picker');
    const firstName = (await options.nth(1).textContent()) ?? '';
    await options.nth(1).tap();
    await expect(vaccine).toHaveText(firstName);
    expect(await vaccine.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await form.getByLabel('Dose number').fill('1');
    await save(form).tap();
    await expect(form).toBeHidden();
    await expect(main(page).getByTestId('section-entry')).toHaveCount(1);
    await main(page).getByRole('button', { name: 'Add Immunization' }).tap();
    const notGiven = dialog(page, 'Add Immunization');
    await notGiven.getByRole('combobox', { name: 'Vaccine' }).tap();
    await page.getByRole('listbox').getByRole('option', { name: firstName, exact: true }).tap();
    await notGiven.getByLabel('Not given').check();
    await save(notGiven).tap();
    await expect(notGiven.getByText('Required field')).toBeVisible();
    await notGiven.getByLabel('Reason not given').fill('Patient refused');
    await save(notGiven).tap();
    await expect(notGiven).toBeHidden();
    await expect(main(page).getByTestId('not-given')).toHaveText('Not given');
  });

  test('writes a note, signs it, and amends it: the note has no Edit and links to its amendment', async ({ page, api }) => {
    const id = (await api.newAdult('Sol', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/clinicalNotes`);
    await main(page).getByRole('button', { name: 'Add Note' }).tap();
    const form = dialog(page, 'Add Note');
    await expect(form.getByLabel('Sign now')).toBeVisible();
    await noAxeViolations(page, 'chart-add-note');
    // The note type is the form kit's select, like the others.
    await expect(form.getByLabel('Type')).toHaveJSProperty('tagName', 'SELECT');
    await form.getByLabel('Type').selectOption('Progress note');
    await form.getByLabel('Note').fill('Seen for a check-up.');
    await save(form).tap();
    await expect(form).toBeHidden();
    await main(page).getByTestId('section-entry').first().tap();
    await expect(main(page).getByTestId('note-signed')).toHaveText('Unsigned');
    await expect(main(page).getByRole('button', { name: 'Edit' })).toHaveCount(0);
    // Sign asks first: Cancel leaves the note unsigned.
    await main(page).getByRole('button', { name: 'Sign' }).tap();
    const ask = page.getByRole('alertdialog', { name: 'Sign this note?' });
    await expect(ask).toContainText('A signed note cannot be changed.');
    await noAxeViolations(page, 'chart-sign-note');
    await ask.getByRole('button', { name: 'Cancel' }).tap();
    await expect(ask).toBeHidden();
    await expect(main(page).getByTestId('note-signed')).toHaveText('Unsigned');
    await main(page).getByRole('button', { name: 'Sign' }).tap();
    await ask.getByRole('button', { name: 'Sign' }).tap();
    await expect(main(page).getByTestId('note-signed')).toHaveText('Signed');
    await expect(main(page).getByRole('button', { name: 'Sign' })).toHaveCount(0);
    // The history says it in words, with the app's times: no field names, no ISO times.
    const history = main(page).getByTestId('entry-history');
    await expect(history.getByTestId('history-version').first()).toContainText('Status: Unsigned → Signed');
    await expect(history.getByTestId('history-version').first()).toContainText(/Signed on: \(empty\) → \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M/);
    await expect(history).not.toContainText(/signedAt|signedBy|\d{4}-\d\d-\d\dT/);
    const signedUrl = page.url();
    await main(page).getByRole('button', { name: 'Amend' }).tap();
    const amend = dialog(page, 'Amend Note');
    await amend.getByLabel('Note').fill('Seen for a check-up. Blood pressure normal.');
    await amend.getByLabel('Sign now').check();
    await save(amend).tap();
    await expect(amend).toBeHidden();
    await expect(main(page).getByTestId('note-text')).toContainText('Blood pressure normal');
    const signedId = signedUrl.split('/').pop() ?? '';
    // The amendment says at the top which note it corrects, with a link.
    await expect(main(page).getByTestId('amends-note')).toHaveText(`This note corrects Note ${signedId}`);
    await expect(main(page).getByTestId('amends-note').getByRole('link', { name: `Note ${signedId}` })).toBeVisible();
    const amendmentId = page.url().split('/').pop() ?? '';
    // The list tags the amended note 'Amended' (and not its amendment).
    await page.goto(`patients/${id}/clinical/clinicalNotes`);
    const rows = main(page).getByTestId('section-entry');
    await expect(rows).toHaveCount(2);
    await expect(main(page).getByTestId('note-amended')).toHaveCount(1);
    await expect(rows.filter({ has: page.getByTestId('note-amended') })).toHaveAttribute('href', new RegExp(`/clinicalNotes/${signedId}$`));
    await noAxeViolations(page, 'chart-notes-amended');
    // The amended note says so at the top and links to the correction.
    await page.goto(signedUrl);
    await expect(main(page).getByTestId('amended-by')).toHaveText(`This note was amended. The correction is in Note ${amendmentId}`);
    await main(page).getByTestId('amended-by').getByRole('link', { name: `Note ${amendmentId}` }).tap();
    await expect(page).toHaveURL(new RegExp(`/clinicalNotes/${amendmentId}$`));
  });

  test('medications, patient notes and smoking status: each form adds an entry', async ({ page, api }) => {
    const id = (await api.newAdult('Mae', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/medications`);
    await main(page).getByRole('button', { name: 'Add Medication' }).tap();
    let form = dialog(page, 'Add Medication');
    await expect(form.getByLabel('Medication')).toBeVisible();
    await noAxeViolations(page, 'chart-add-medication');
    await form.getByLabel('Medication').fill('Lisinopril 10 mg tablet');
    await form.getByLabel('Dosage').fill('1 tablet daily');
    await save(form).tap();
    await expect(form).toBeHidden();
    await expect(main(page).getByTestId('section-entry')).toContainText('Lisinopril');

    await page.goto(`patients/${id}/clinical/patientNotes`);
    await main(page).getByRole('button', { name: 'Add Patient Note' }).tap();
    form = dialog(page, 'Add Patient Note');
    await expect(form.getByLabel('Title')).toBeVisible();
    await noAxeViolations(page, 'chart-add-patient-note');
    await form.getByLabel('Title').fill('Prefers mornings');
    await form.getByLabel('Note').fill('Call before 10 am.');
    await save(form).tap();
    await expect(form).toBeHidden();
    await expect(main(page).getByTestId('section-entry')).toContainText('Prefers mornings');

    await page.goto(`patients/${id}/clinical/smokingStatus`);
    await main(page).getByRole('button', { name: 'Record Smoking Status' }).tap();
    form = dialog(page, 'Record Smoking Status');
    await expect(form.getByLabel('Smoking status').locator('option')).toHaveCount(9);
    await noAxeViolations(page, 'chart-record-smoking-status');
    // SNOMED CT 266919005: never smoked.
    await form.getByLabel('Smoking status').selectOption('266919005');
    await save(form).tap();
    await expect(form).toBeHidden();
    await expect(main(page).getByTestId('section-entry')).toContainText('266919005');
  });

  test("a typed day that does not exist says 'Not a valid date' on its field instead of being dropped", async ({ page, api }) => {
    const id = (await api.newAdult('Dora', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/medications`);
    await main(page).getByRole('button', { name: 'Add Medication' }).tap();
    const form = dialog(page, 'Add Medication');
    await form.getByLabel('Medication').fill('Aspirin 81 mg tablet');
    const start = form.getByLabel('Start');
    // 02/30/2026, typed into the date field.
    await start.focus();
    await page.keyboard.type('02302026');
    await expect(start).toHaveJSProperty('validity.badInput', true);
    await save(form).tap();
    await expect(form).toBeVisible();
    await expect(form.getByTestId('form-errors')).toBeVisible();
    const helper = form.locator('#' + (await start.getAttribute('id')) + '-helper-text');
    await expect(helper).toHaveText('Not a valid date');
    await expect(start).toBeFocused();
    await noAxeViolations(page, 'chart-invalid-date');
    // A real day clears it.
    await start.fill('2026-01-30');
    await expect(helper).toHaveCount(0);
    // The future, in the server's words.
    await form.getByLabel('End').fill('2999-01-01');
    await save(form).tap();
    await expect(form.locator('#' + (await form.getByLabel('End').getAttribute('id')) + '-helper-text')).toHaveText('Cannot be in the future');
    await form.getByLabel('End').fill('');
    await form.getByLabel('Status').selectOption('stopped');
    await save(form).tap();
    await expect(form).toBeHidden();
    // Stopped without an end date: the row says it is stopped, not 'Since'.
    const row = main(page).getByTestId('section-entry').first();
    await expect(row).toContainText('Started 01/30/2026 · Stopped');
    await expect(row).not.toContainText('Since');
  });

  test("'No Current Medications' over stopped ones says which mark it is, and can be taken back", async ({ page, api }) => {
    const id = (await api.newAdult('Uma', 'Chart')).patientId;
    await api.client.POST('/api/patients/patient/{patientId}/clinical/{section}', {
      params: { path: { patientId: String(id), section: 'medications' } },
      body: { section: 'medications', medication: 'Amoxicillin 500 mg capsule', status: 'stopped' } as never,
    });
    await page.goto(`patients/${id}/clinical/medications`);
    await main(page).getByRole('button', { name: 'No Current Medications', exact: true }).tap();
    const reviewed = main(page).getByTestId('section-reviewed');
    await expect(reviewed).toHaveText(/^No Current Medications \(reviewed \d\d\/\d\d\/\d{4}\)$/);
    await noAxeViolations(page, 'chart-medications-none-current');
    const undo = main(page).getByRole('button', { name: 'Undo No Current Medications' });
    const box = await undo.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await undo.tap();
    await expect(reviewed).toHaveText(/^Reviewed \d\d\/\d\d\/\d{4}$/);
    await expect(main(page).getByRole('button', { name: 'No Current Medications', exact: true })).toBeVisible();
    await expect(undo).toHaveCount(0);
    // On an empty list too.
    const other = (await api.newAdult('Ula', 'Chart')).patientId;
    await page.goto(`patients/${other}/clinical/allergies`);
    await main(page).getByRole('button', { name: 'No Known Allergies', exact: true }).tap();
    await expect(main(page).getByTestId('section-none-known')).toContainText('No Known Allergies');
    await main(page).getByRole('button', { name: 'Undo No Known Allergies' }).tap();
    await expect(main(page).getByTestId('section-empty')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'No Known Allergies', exact: true })).toBeVisible();
  });

  test('the ICD-10-CM field keeps a code typed but not picked, and Escape closes its list, not the form', async ({ page, api }) => {
    const id = (await api.newAdult('Ines', 'Chart')).patientId;
    await page.goto(`patients/${id}/clinical/problemList`);
    await main(page).getByRole('button', { name: 'Add Problem' }).tap();
    const form = dialog(page, 'Add Problem');
    const box = form.getByRole('combobox', { name: /ICD-10-CM code or description/ });
    await box.fill('E11.9');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    // Escape in the open list closes the list only.
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(form).toBeVisible();
    await expect(box).toHaveValue('E11.9');
    // Leaving the field keeps the text and asks to pick from the list.
    await form.getByLabel('Onset').focus();
    await expect(box).toHaveValue('E11.9');
    const helper = form.locator('#' + (await box.getAttribute('id')) + '-helper-text');
    await expect(helper).toHaveText('Choose a value from the list');
    await save(form).tap();
    await expect(form).toBeVisible();
    await expect(helper).toHaveText('Choose a value from the list');
    await expect(box).toHaveValue('E11.9');
    await noAxeViolations(page, 'chart-problem-not-picked');
    // Escape with the list closed closes the form, asking first: something was typed.
    await box.focus();
    await box.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep Editing' }).tap();
    await expect(box).toHaveValue('E11.9');
    // Picking it from the list clears the message and saves.
    await box.press('ArrowDown');
    await page.getByRole('listbox').getByRole('option', { name: /^E11\.9 / }).tap();
    await expect(helper).not.toHaveText('Choose a value from the list');
    await save(form).tap();
    await expect(form).toBeHidden();
    await main(page).getByTestId('section-entry').first().tap();
    // The code is not shown again as a 'UMLS concept'.
    await expect(main(page).getByText('ICD-10-CM code')).toBeVisible();
    await expect(main(page).getByText('UMLS concept')).toHaveCount(0);
  });

  test('a change saved meanwhile elsewhere: the edit is refused as stale, the form shows theirs, and saving again applies it', async ({ page, api }) => {
    const id = (await api.newAdult('Edda', 'Chart')).patientId;
    const added = await api.client.POST('/api/patients/patient/{patientId}/clinical/{section}', {
      params: { path: { patientId: String(id), section: 'medications' } },
      body: { section: 'medications', medication: 'Metformin 500 mg tablet', dosage: '1 tablet daily' } as never,
    });
    const entry = added.data!;
    await page.goto(`patients/${id}/clinical/medications/${entry.entryId}`);
    await main(page).getByRole('button', { name: 'Edit' }).tap();
    const form = dialog(page, 'Edit Medication');
    await form.getByLabel('Reason').fill('Type 2 diabetes');
    // Another desk changes the dosage first.
    await api.client.PATCH('/api/patients/patient/{patientId}/clinical/{section}/{entryId}', {
      params: { path: { patientId: String(id), section: 'medications', entryId: String(entry.entryId) } },
      body: { version: entry.version, entry: { section: 'medications', medication: 'Metformin 500 mg tablet', dosage: '2 tablets daily' } as never },
    });
    await save(form).tap();
    await expect(form.getByTestId('edit-conflict')).toBeVisible();
    await expect(form.getByLabel('Dosage')).toHaveValue('2 tablets daily');
    await expect(form.getByLabel('Reason')).toHaveValue('Type 2 diabetes');
    await save(form).tap();
    await expect(form).toBeHidden();
    await expect(main(page).getByText('2 tablets daily').first()).toBeVisible();
    await expect(main(page).getByText('Type 2 diabetes').first()).toBeVisible();
  });
});

test.describe('Charting on a desktop at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the form is a dialog beside the side navigation, labelled, and a problem edits with its code shown', async ({ page, api, loginScreen }) => {
    const id = (await api.newAdult('Dex', 'Chart')).patientId;
    await api.client.POST('/api/patients/patient/{patientId}/clinical/{section}', {
      params: { path: { patientId: String(id), section: 'problemList' } },
      body: { section: 'problemList', code: 'I10' } as never,
    });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`patients/${id}/clinical/problemList`);
    await main(page).getByTestId('section-entry').first().click();
    await main(page).getByRole('button', { name: 'Edit' }).click();
    const form = dialog(page, 'Edit Problem');
    await expect(form.getByRole('combobox', { name: /ICD-10-CM code or description/ })).toHaveValue(/^I10 /);
    const box = await page.locator('.MuiDialog-paper').boundingBox();
    expect(box?.width ?? 0).toBeLessThan(1280);
    await form.getByLabel('Status').selectOption('resolved');
    await save(form).click();
    await expect(form.getByLabel('Resolved')).toBeFocused();
    await expect(form.getByText('Required field')).toBeVisible();
    await noAxeViolations(page);
    await form.getByLabel('Resolved').fill(await api.practiceToday());
    await save(form).click();
    await expect(form).toBeHidden();
    await expect(main(page).getByTestId('history-version')).toHaveCount(2);
    await expect(main(page).getByTestId('history-version').first()).toContainText('Status: Active → Resolved');
  });
});
