import { format, subYears } from 'date-fns';
import { expect, test, type DemoPatient } from './fixtures';
import { PatientArea } from './pages/patient-area';
import { VitalsFormDialog } from './pages/vitals-form';

interface SavedVitals {
  vitalsId: number;
  patientId: number;
  date: string;
  height: number | null;
  weight: number | null;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  temperature: number | null;
  sp02: number | null;
  headCircumference: number | null;
}

async function openCreateVitals(area: PatientArea, patientId: number): Promise<VitalsFormDialog> {
  await area.goto(patientId);
  await area.page.getByRole('button', { name: 'Patient actions' }).click();
  await area.page.getByRole('menuitem', { name: 'New Vitals' }).click();
  const form = new VitalsFormDialog(area.page);
  await expect(form.dialog).toBeVisible();
  return form;
}

test.describe('Vitals at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('an adult: no head circumference; Empty Vitals and a maximum refused, then saved in stored units', async ({ page, api }) => {
    const adult = (await api.findPatient((c) => !!c.patient.birthdate && c.patient.birthdate < format(subYears(new Date(), 18), 'yyyy-MM-dd'))).patient;
    const area = new PatientArea(page);
    const form = await openCreateVitals(area, adult.patientId);
    await expect(form.field('Date Measured')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(form.field('Time Measured')).toHaveValue(/^\d{2}:\d{2}$/);
    await expect(form.field('Weight (lbs)')).toBeVisible();
    await expect(form.field('Head Circumference (cm)')).toHaveCount(0);

    // Nothing but the date and time.
    await form.save.click();
    await expect(form.emptyVitals).toContainText('Empty Vitals');
    await expect(form.emptyVitals).toContainText('At least one field in vitals other than Date Measured and Time Measured must be filled in.');

    // Over a maximum.
    await form.fill({ 'Weight (lbs)': '5000000', 'Temperature (°F)': '200.5' });
    await form.save.click();
    await form.expectFieldError('Weight (lbs)', 'Cannot be greater than "4734394"');
    await form.expectFieldError('Temperature (°F)', 'Cannot be greater than "200"');
    await expect(form.errorsBanner).toBeVisible();
    await expect(form.emptyVitals).toBeHidden();

    // Right input: the dialog converts before sending.
    await form.fill({ 'Weight (lbs)': '150', 'Temperature (°F)': '98.6', Feet: '5', Inches: '10', Systolic: '120', Diastolic: '80', 'Heart Rate': '72', 'SpO2 (%)': '97.5', 'Respiratory Rate': '16' });
    await form.save.click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${adult.patientId}/clinical/vitals/\\d+$`));
    const vitalsId = Number(/vitals\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('vitals-height')).toHaveText('5 ft 10 in');
    await expect(page.getByTestId('vitals-weight')).toHaveText('150 lbs');
    await expect(page.getByTestId('vitals-blood-pressure')).toHaveText('120/80 mmHg');
    await expect(page.getByTestId('vitals-temperature')).toHaveText('98.6 °F');
    await expect(page.getByTestId('vitals-sp02')).toHaveText('97.5 %');
    await expect(page.getByTestId('vitals-date')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);

    const saved = await api.get<SavedVitals>(`/api/vitals/${vitalsId}`);
    expect(saved).toMatchObject({ patientId: adult.patientId, height: 1778, weight: 68038, systolic: 120, diastolic: 80, heartRate: 72, temperature: 98.6, sp02: 97.5, headCircumference: null });
    expect(saved.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  });

  test('a toddler: head circumference offered, in cm, stored in mm', async ({ page, api }) => {
    const toddler = await api.createPatient({
      firstName: 'Wren',
      lastName: `Tinyfoot${Date.now().toString(36).replace(/\d/g, '')}`,
      birthdate: format(subYears(new Date(), 2), 'yyyy-MM-dd'),
      accountProviderId: 3,
      officeId: 1,
      feeScheduleId: 1,
    });
    const area = new PatientArea(page);
    const form = await openCreateVitals(area, (toddler as DemoPatient).patientId);
    await expect(form.field('Head Circumference (cm)')).toBeVisible();
    await form.fill({ 'Head Circumference (cm)': '45.5', 'Weight (lbs)': '26.5', Feet: '2', Inches: '10.5' });
    await form.save.click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${toddler.patientId}/clinical/vitals/\\d+$`));
    await expect(page.getByTestId('vitals-head-circumference')).toHaveText('45.5 cm');
    await expect(page.getByTestId('vitals-height')).toHaveText('2 ft 10.5 in');
    const vitalsId = Number(/vitals\/(\d+)$/.exec(page.url())![1]);
    const saved = await api.get<SavedVitals>(`/api/vitals/${vitalsId}`);
    // 45.5 cm x 10; floor(26.5 x 453.592) g; 2 x 304.8 + 10.5 x 25.4 mm (the server keeps whole mm).
    expect(saved).toMatchObject({ headCircumference: 455, weight: 12020, height: 876 });
  });
});
