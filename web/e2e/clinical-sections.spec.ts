import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { components } from '../src/api/schema';
import { expect, SHOWCASE_PATIENT, test, type ServerApi } from './fixtures';

type ClinicalCounts = Record<string, components['schemas']['ClinicalCount']>;
type ClinicalSection = components['schemas']['ClinicalSection'];
type ClinicalWidget = components['schemas']['ClinicalWidget'];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SHOWCASE = SHOWCASE_PATIENT;

/** The page does not scroll sideways on a 360 px phone. */
async function fitsThePhone(page: Page): Promise<void> {
  await expect(page.locator('[role="progressbar"]:visible')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'document.documentElement.scrollWidth').toBeLessThanOrEqual(360);
}

async function noAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations).toEqual([]);
}

/** A demo patient whose counts match (the demo's charts are generated, so they are found, not assumed). */
async function findPatient(api: ServerApi, wanted: (counts: ClinicalCounts) => boolean): Promise<number> {
  for (let id = 1; id <= 120; id++) {
    const counts = await api.get<ClinicalCounts>(`/api/patients/patient/${id}/clinicalCounts`);
    if (wanted(counts)) return id;
  }
  throw new Error('no demo patient fits');
}

test.describe('Clinical section pages at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, reducedMotion: 'reduce' });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  const main = (page: Page) => page.getByRole('main');
  const title = (page: Page, name: string) => main(page).getByRole('heading', { name, level: 2, exact: true });
  const entries = (page: Page) => main(page).getByTestId('section-entry');

  test("the way back: the page's links go back entry to section to board, and the browser's Back then leaves the chart as it came", async ({ page }) => {
    await page.goto(`patients/${SHOWCASE}/patient_home`);
    await main(page).getByRole('link', { name: 'Clinical' }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/clinical$`));
    await main(page).getByRole('link', { name: /^Allergies/ }).click();
    await expect(title(page, 'Allergies')).toBeVisible();
    await entries(page).first().click();
    await expect(page).toHaveURL(/\/clinical\/allergies\/\d+$/);
    await main(page).getByRole('link', { name: 'Allergies', exact: true }).click();
    await expect(page).toHaveURL(/\/clinical\/allergies$/);
    await main(page).getByRole('link', { name: 'Clinical', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/clinical$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/patient_home$`));
    // Opened by its address, a section's way back still leads to the board.
    await page.goto(`patients/${SHOWCASE}/clinical/labs`);
    await main(page).getByRole('link', { name: 'Clinical', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/clinical$`));
  });

  test("every link and button on a section's pages is at least 44 px tall: Open Order, a care team member's phone, the alerts banner's View", async ({ page }) => {
    const tall = async (target: ReturnType<Page['locator']>) => {
      await expect(target).toBeVisible();
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    };
    await page.goto(`patients/${SHOWCASE}/clinical/orders`);
    await entries(page).first().click();
    await tall(main(page).getByRole('link', { name: 'Open Order' }));
    await tall(main(page).getByRole('link', { name: 'View' }));
    await page.goto(`patients/${SHOWCASE}/clinical/careTeam`);
    await entries(page).first().click();
    await tall(main(page).locator('dd a[href^="tel:"]'));
  });

  test("an inactive patient's header shows the birth date and 'Inactive' whole on a phone", async ({ page, api }) => {
    let id = 0;
    for (let candidate = 1; candidate <= 120 && !id; candidate++) if ((await api.patient(candidate))?.inactive) id = candidate;
    test.skip(!id, 'the demo has no inactive patient');
    await page.goto(`patients/${id}/clinical/allergies`);
    const facts = page.getByTestId('patient-header-facts');
    await expect(facts.getByTestId('patient-inactive')).toBeVisible();
    // Read aloud as it was before: 'ID 10003 · 07/03/1977 · Inactive'.
    await expect(facts).toHaveText(/^ID \d+ · \d{2}\/\d{2}\/\d{4} · Inactive$/);
    for (const part of [facts.getByTestId('patient-birthdate'), facts.getByTestId('patient-inactive')]) {
      const [box, line] = [await part.boundingBox(), await facts.boundingBox()];
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((line?.x ?? 0) + (line?.width ?? 0) + 0.5);
    }
    expect(await facts.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await fitsThePhone(page);
  });

  test('allergies: severe first with the severity in words, a section page asks for its own list only, and an entry shows every field', async ({ page, api }) => {
    const clinicalCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && path.includes('/clinical')) clinicalCalls.push(path);
    });
    await page.goto(`patients/${SHOWCASE}/clinical/allergies`);
    await expect(title(page, 'Allergies')).toBeVisible();
    await expect(page).toHaveTitle(/^Allergies/);
    const list = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/allergies`)).entries;
    await expect(entries(page)).toHaveCount(list.length);
    const first = entries(page).first();
    await expect(first.getByTestId('allergy-severity')).toHaveText('Severe');
    await fitsThePhone(page);
    expect(clinicalCalls).toEqual([`/api/patients/patient/${SHOWCASE}/clinical/allergies`]);
    await noAxeViolations(page);

    const allergy = list[0]!.resource as { substance: string };
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/clinical/allergies/${list[0]!.entryId}$`));
    const fields = main(page).getByRole('definition');
    await expect(main(page).getByRole('term').filter({ hasText: 'Substance' })).toBeVisible();
    await expect(fields.filter({ hasText: allergy.substance }).first()).toBeVisible();
    await expect(main(page).getByRole('term').filter({ hasText: 'Severity' })).toBeVisible();
    await fitsThePhone(page);
    await noAxeViolations(page);
    // Back to the section, then to the board.
    await main(page).getByRole('link', { name: 'Allergies', exact: true }).click();
    await expect(entries(page).first()).toBeVisible();
    await main(page).getByRole('link', { name: 'Clinical', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/clinical$`));
  });

  test('labs: the value with its unit and range, and an out-of-range flag in words', async ({ page, api }) => {
    const list = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/labs`)).entries;
    const flagged = list.find((e) => ['H', 'L', 'A'].includes((e.resource as { interpretation: string }).interpretation));
    expect(flagged, 'an out-of-range lab of the showcase patient').toBeTruthy();
    const lab = flagged!.resource as { test: string; value: string; unit: string; interpretation: string; referenceRange: string };
    await page.goto(`patients/${SHOWCASE}/clinical/labs`);
    await expect(title(page, 'Labs')).toBeVisible();
    const row = entries(page).filter({ hasText: lab.test }).first();
    const word = { H: 'High', L: 'Low', A: 'Abnormal' }[lab.interpretation as 'H' | 'L' | 'A'];
    await expect(row.getByTestId('lab-flag')).toHaveText(`${lab.interpretation} ${word}`);
    await expect(row).toContainText(`${lab.value} ${lab.unit}`);
    await expect(row).toContainText(lab.referenceRange);
    await fitsThePhone(page);
    await row.click();
    await expect(main(page).getByTestId('lab-value')).toHaveText(`${lab.value} ${lab.unit}`);
    await expect(main(page).getByTestId('lab-flag')).toBeVisible();
    await fitsThePhone(page);
  });

  test('perio visits: the summary in the list, and an exam with its teeth, six sites each', async ({ page, api }) => {
    const list = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/perioVisits`)).entries;
    const exam = list[0]!.resource as { teethCharted: number; deepSites: number; bleedingSites: number };
    await page.goto(`patients/${SHOWCASE}/clinical/perioVisits`);
    await expect(title(page, 'Perio Visits')).toBeVisible();
    await expect(entries(page).first()).toContainText(`${exam.teethCharted} teeth, ${exam.deepSites} deep sites`);
    await fitsThePhone(page);
    await entries(page).first().click();
    await expect(main(page).getByTestId('perio-tooth')).toHaveCount(exam.teethCharted);
    const tooth = main(page).getByTestId('perio-tooth').first();
    await expect(tooth.getByRole('columnheader')).toHaveCount(7);
    await expect(tooth.getByRole('rowheader', { name: 'Bleeding' })).toBeVisible();
    await expect(main(page).getByTestId('perio-deep-sites')).toHaveText(String(exam.deepSites));
    await expect(main(page).getByTestId('perio-bleeding-sites')).toHaveText(String(exam.bleedingSites));
    await expect(main(page).locator('td[data-bleeding]')).toHaveCount(exam.bleedingSites);
    await expect(main(page).locator('td[data-deep]')).toHaveCount(exam.deepSites);
    await fitsThePhone(page);
    await noAxeViolations(page);
  });

  test('clinical notes: date, type, author, first lines and Signed; an entry shows the whole note', async ({ page, api }) => {
    const list = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/clinicalNotes`)).entries;
    const cut = list.find((e) => (e.resource as { textTruncated?: boolean }).textTruncated) ?? list[0]!;
    const full = await api.get<components['schemas']['ClinicalEntry']>(`/api/patients/patient/${SHOWCASE}/clinical/clinicalNotes/${cut.entryId}`);
    const note = full.resource as { noteType: string; author: string; text: string; signed: boolean };
    await page.goto(`patients/${SHOWCASE}/clinical/clinicalNotes`);
    await expect(title(page, 'Clinical Notes')).toBeVisible();
    await expect(entries(page)).toHaveCount(list.length);
    const row = entries(page).nth(list.indexOf(cut));
    await expect(row).toContainText(note.noteType);
    await expect(row).toContainText(note.author);
    await expect(row.getByTestId('note-signed')).toHaveText(note.signed ? 'Signed' : 'Unsigned');
    await fitsThePhone(page);
    await row.click();
    const lastWords = note.text.trim().split(/\s+/).slice(-4).join(' ');
    await expect(main(page).getByTestId('note-text')).toContainText(lastWords);
    await fitsThePhone(page);
  });

  test('attachments: title, category, date, type and size; an entry shows the image fetched with the session', async ({ page, api }) => {
    const list = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/attachments`)).entries;
    const file = list[0]!.resource as { title: string; size: number };
    await page.goto(`patients/${SHOWCASE}/clinical/attachments`);
    await expect(title(page, 'Attachments')).toBeVisible();
    await expect(entries(page).first()).toContainText(file.title);
    await expect(entries(page).first()).toContainText(`PNG · ${(file.size / 1024).toFixed(1)} KB`);
    await fitsThePhone(page);
    await entries(page).first().click();
    const image = main(page).getByRole('img', { name: file.title });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(main(page).getByRole('link', { name: 'Download' })).toBeVisible();
    await fitsThePhone(page);
    await noAxeViolations(page);
  });

  test('immunizations, preventive care, optical Rx, treatment plans and orders show their own words', async ({ page, api }) => {
    const shots = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/immunizations`)).entries;
    await page.goto(`patients/${SHOWCASE}/clinical/immunizations`);
    await expect(title(page, 'Immunizations')).toBeVisible();
    await expect(entries(page)).toHaveCount(shots.length);
    await expect(entries(page).first()).toContainText((shots[0]!.resource as { vaccine: string }).vaccine);
    await fitsThePhone(page);

    // A refused immunization says 'Not given' with its reason.
    let refused: { patientId: number; entryId: number; reason: string } | null = null;
    for (let id = 1; id <= 120 && !refused; id++) {
      const list = (await api.get<ClinicalSection>(`/api/patients/patient/${id}/clinical/immunizations`)).entries;
      const entry = list.find((e) => (e.resource as { status: string }).status === 'not-done');
      if (entry) refused = { patientId: id, entryId: entry.entryId, reason: (entry.resource as { statusReason: string }).statusReason };
    }
    expect(refused, 'a demo patient with a refused immunization').not.toBeNull();
    await page.goto(`patients/${refused!.patientId}/clinical/immunizations`);
    const refusedRow = entries(page).filter({ has: page.getByTestId('not-given') }).first();
    await expect(refusedRow.getByTestId('not-given')).toHaveText('Not given');
    await expect(refusedRow).toContainText(`Reason: ${refused!.reason}`);
    await fitsThePhone(page);
    await page.goto(`patients/${refused!.patientId}/clinical/immunizations/${refused!.entryId}`);
    await expect(main(page).getByRole('definition').filter({ hasText: refused!.reason })).toBeVisible();
    await expect(main(page).getByText('Not given', { exact: true })).toBeVisible();

    const care = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/preventiveCare`)).entries;
    await page.goto(`patients/${SHOWCASE}/clinical/preventiveCare`);
    await expect(title(page, 'Preventive Care')).toBeVisible();
    const overdue = care.filter((e) => (e.resource as { overdue?: boolean }).overdue).length;
    await expect(main(page).getByTestId('overdue')).toHaveCount(overdue);
    if (overdue > 0) await expect(main(page).getByTestId('overdue').first()).toHaveCSS('color', 'rgb(183, 28, 28)');
    await fitsThePhone(page);

    await page.goto(`patients/${SHOWCASE}/clinical/opticalRX`);
    await expect(title(page, 'Optical Rx')).toBeVisible();
    await expect(entries(page).first()).toContainText(/Right \(OD\): SPH [+-]\d+\.\d\d D/);
    await fitsThePhone(page);

    const plans = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/treatmentPlans`)).entries;
    const plan = plans[0]!.resource as { total: number };
    await page.goto(`patients/${SHOWCASE}/clinical/treatmentPlans`);
    await entries(page).first().click();
    await expect(main(page).getByTestId('plan-total')).toHaveText(`$${(plan.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(main(page).getByRole('table')).toBeVisible();
    await fitsThePhone(page);

    const orders = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/orders`)).entries;
    await page.goto(`patients/${SHOWCASE}/clinical/orders`);
    await entries(page).first().click();
    await main(page).getByRole('link', { name: 'Open Order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orders[0]!.entryId}$`));
    await expect(page.getByTestId('toolbar-title')).toHaveText(/^Order \S+/);
  });

  test('vitals: the history, each opening the measurement page', async ({ page, api }) => {
    const list = (await api.get<ClinicalSection>(`/api/patients/patient/${SHOWCASE}/clinical/vitals`)).entries;
    const vitals = list[0]!.resource as { systolic: number; diastolic: number; heartRate: number };
    await page.goto(`patients/${SHOWCASE}/clinical/vitals`);
    await expect(title(page, 'Vitals')).toBeVisible();
    await expect(entries(page)).toHaveCount(list.length);
    await expect(entries(page).first()).toContainText(`BP ${vitals.systolic}/${vitals.diastolic} mmHg`);
    await expect(entries(page).first()).toContainText(`Pulse ${vitals.heartRate} bpm`);
    await expect(entries(page).first()).toContainText('BMI');
    await fitsThePhone(page);
    await entries(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/patients/${SHOWCASE}/clinical/vitals/${list[0]!.entryId}$`));
    await expect(page.getByTestId('vitals-blood-pressure')).toHaveText(`${vitals.systolic}/${vitals.diastolic} mmHg`);
  });

  test('an empty section says so; reviewed-and-none differs from never asked', async ({ page, api }) => {
    const never = await findPatient(api, (c) => c['allergies']?.count === 0 && c['allergies']?.noneKnown !== true);
    await page.goto(`patients/${never}/clinical/allergies`);
    await expect(title(page, 'Allergies')).toBeVisible();
    await expect(main(page).getByTestId('section-empty')).toHaveText('No allergies recorded');
    await fitsThePhone(page);

    const none = await findPatient(api, (c) => c['allergies']?.count === 0 && c['allergies']?.noneKnown === true);
    await page.goto(`patients/${none}/clinical/allergies`);
    await expect(main(page).getByTestId('section-none-known')).toContainText('No Known Allergies');
    await expect(main(page).getByTestId('section-none-known')).toContainText(/Reviewed \d\d\/\d\d\/\d{4}/);
    await fitsThePhone(page);
  });

  test("the title bar shows the user's widget title and colour, with the text colour of its board tile", async ({ page, api }) => {
    const saved = (await api.preferences(['clinicalSummary']))['clinicalSummary'] as ClinicalWidget[];
    try {
      await api.savePreference(
        'clinicalSummary',
        saved.map((w) => (w.key === 'labs' ? { ...w, title: 'Lab Results', color: '#283593' } : w.key === 'vitals' ? { ...w, color: '#FFEB3B' } : w)),
      );
      await page.goto(`patients/${SHOWCASE}/clinical/labs`);
      await expect(title(page, 'Lab Results')).toBeVisible();
      await expect(main(page).getByTestId('section-title-bar')).toHaveCSS('background-color', 'rgb(40, 53, 147)');
      await expect(main(page).getByTestId('section-title-bar')).toHaveCSS('color', 'rgb(255, 255, 255)');
      // A colour too light for white text has dark text, on the board's tile and the section's title bar alike.
      await page.goto(`patients/${SHOWCASE}/clinical`);
      await expect(main(page).getByTestId('clinical-tile-vitals')).toHaveCSS('color', 'rgb(17, 17, 17)');
      await main(page).getByTestId('clinical-tile-vitals').click();
      await expect(main(page).getByTestId('section-title-bar')).toHaveCSS('background-color', 'rgb(255, 235, 59)');
      await expect(main(page).getByTestId('section-title-bar')).toHaveCSS('color', 'rgb(17, 17, 17)');
    } finally {
      await api.savePreference('clinicalSummary', saved);
    }
  });

  test("an unknown section is 'Not a valid clinical route' without asking the server; a bad entry id is not found", async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && path.includes('/clinical')) calls.push(path);
    });
    await page.goto(`patients/${SHOWCASE}/clinical/nothing`);
    await expect(main(page).getByText('Not a valid clinical route', { exact: true })).toBeVisible();
    expect(calls).toEqual([]);
    await fitsThePhone(page);
    await page.goto(`patients/${SHOWCASE}/clinical/labs/abc`);
    await expect(main(page).getByTestId('entry-not-found')).toBeVisible();
    await page.goto(`patients/${SHOWCASE}/clinical/labs/999999`);
    await expect(main(page).getByTestId('entry-not-found')).toBeVisible();
  });
});
