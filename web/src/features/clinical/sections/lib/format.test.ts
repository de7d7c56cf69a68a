import { describe, expect, it } from 'vitest';
import {
  allergyCategory,
  medicationSpan,
  urlParts,
  bmiDisplay,
  bySeverity,
  codeWords,
  dateSpan,
  dioptres,
  directionWords,
  dotted,
  fileType,
  firstLines,
  heightDisplay,
  isImage,
  isOverdue,
  labFlag,
  labValue,
  lensSummary,
  modalityWords,
  money,
  overdueFirst,
  perioSummary,
  perioSummaryText,
  scoreText,
  severityWord,
  showDate,
  sizeKb,
  vitalsDisplay,
  udiParts,
  weightDisplay,
} from './format';

describe('dates', () => {
  it('shows a plain date as the same calendar day, whatever the time zone', () => {
    expect(showDate('2026-03-01')).toBe('03/01/2026');
    expect(showDate('2025-12-31')).toBe('12/31/2025');
    expect(showDate(null)).toBe('');
    expect(showDate('2026-02-30')).toBe('');
  });
  it('joins a span of days', () => {
    expect(dateSpan('2024-03-01', '2025-06-30')).toBe('03/01/2024 – 06/30/2025');
    expect(dateSpan('2024-03-01', null)).toBe('Since 03/01/2024');
    // A web address wraps only after '/', '.' or '-'.
    expect(urlParts('https://medlineplus.gov/high-blood.html')).toEqual(['https://', 'medlineplus.', 'gov/', 'high-', 'blood.', 'html']);
    // A medication that ended without an end date says so instead of 'Since'.
    expect(medicationSpan('2024-03-01', null, 'active')).toBe('Since 03/01/2024');
    expect(medicationSpan('2024-03-01', '', 'stopped')).toBe('Started 03/01/2024 · Stopped');
    expect(medicationSpan('2024-03-01', '', 'completed')).toBe('Started 03/01/2024 · Completed');
    expect(medicationSpan('', '', 'stopped')).toBe('Stopped');
    expect(medicationSpan('2024-03-01', '2024-06-30', 'stopped')).toBe('03/01/2024 – 06/30/2024');
    expect(dateSpan(null, '2025-06-30')).toBe('Until 06/30/2025');
    expect(dateSpan(null, undefined)).toBe('');
  });
});

describe('optical prescriptions', () => {
  it('shows powers in dioptres with their sign and two decimals', () => {
    expect(dioptres('-2.25')).toBe('-2.25 D');
    expect(dioptres('+1.5')).toBe('+1.50 D');
    expect(dioptres('2')).toBe('+2.00 D');
    expect(dioptres('0.00')).toBe('Plano');
    expect(dioptres('')).toBe('');
    expect(dioptres('n/a')).toBe('');
  });
  it('puts one lens on a line', () => {
    expect(lensSummary({ sphere: '-5.00', cylinder: '-0.25', axis: 122, add: '+2.00', prism: '', base: '' })).toBe('SPH -5.00 D, CYL -0.25 D\u00a0×\u00a0122°, ADD +2.00 D');
    expect(lensSummary({ sphere: '-1.00', cylinder: '', axis: null, add: '', prism: '1.5', base: 'in' })).toBe('SPH -1.00 D, Prism 1.5 Δ base in');
  });
});

describe('lab results', () => {
  it('flag out-of-range values in words', () => {
    expect(labFlag('H')).toEqual({ code: 'H', word: 'High', outOfRange: true });
    expect(labFlag('l')).toEqual({ code: 'L', word: 'Low', outOfRange: true });
    expect(labFlag('A')).toEqual({ code: 'A', word: 'Abnormal', outOfRange: true });
    expect(labFlag('N')).toEqual({ code: 'N', word: 'Normal', outOfRange: false });
    expect(labFlag('')).toBeNull();
  });
  it('show a value with its unit', () => {
    expect(labValue('4.48', 'mIU/L')).toBe('4.48 mIU/L');
    expect(labValue('Negative', '')).toBe('Negative');
  });
});

describe('money', () => {
  it('is cents shown as dollars with two decimals', () => {
    expect(money(232500)).toBe('$2,325.00');
    expect(money(133970)).toBe('$1,339.70');
    expect(money(5)).toBe('$0.05');
    expect(money(0)).toBe('$0.00');
  });
});

describe('files', () => {
  it('sizes in KB with one decimal', () => {
    expect(sizeKb(20876)).toBe('20.4 KB');
    expect(sizeKb(1024)).toBe('1.0 KB');
    expect(sizeKb(10)).toBe('0.1 KB');
    expect(sizeKb(0)).toBe('0.0 KB');
    expect(sizeKb(5 * 1024 * 1024)).toBe('5,120.0 KB');
    expect(sizeKb(-1)).toBe('');
  });
  it('types by their short name', () => {
    expect(fileType('image/png')).toBe('PNG');
    expect(fileType('image/jpeg')).toBe('JPEG');
    expect(fileType('application/pdf')).toBe('PDF');
    expect(fileType('application/octet-stream')).toBe('File');
    expect(isImage('image/webp')).toBe(true);
    expect(isImage('application/pdf')).toBe(false);
  });
});

describe('vitals', () => {
  it('show BMI with its unit and category', () => {
    expect(bmiDisplay(31.8)).toBe('31.8 kg/m² (Obese)');
    expect(bmiDisplay(22.94)).toBe('22.9 kg/m² (Normal)');
    expect(bmiDisplay(18.4)).toBe('18.4 kg/m² (Underweight)');
    expect(bmiDisplay(25)).toBe('25.0 kg/m² (Overweight)');
    expect(bmiDisplay(null)).toBe('');
  });
  it('convert stored units (mm, g) to feet and inches and pounds', () => {
    expect(heightDisplay(1581)).toBe('5 ft 2.2 in');
    expect(heightDisplay(1829)).toBe('6 ft 0 in');
    expect(weightDisplay(79521)).toBe('175.3 lbs');
    expect(heightDisplay(null)).toBe('');
    expect(weightDisplay(0)).toBe('');
  });
  it('show a set of vitals, leaving out what was not measured', () => {
    const shown = vitalsDisplay({ measured: '2026-11-14T05:58:52Z', systolic: 144, diastolic: 84, heartRate: 59, temperature: 98.8, sp02: 98.8, respiratoryRate: 15, height: 1581, weight: 79521, bmi: 31.8 });
    expect(shown).toEqual({
      bloodPressure: '144/84 mmHg',
      pulse: '59 bpm',
      temperature: '98.8 °F',
      sp02: '98.8%',
      respiratoryRate: '15 breaths/min',
      height: '5 ft 2.2 in',
      weight: '175.3 lbs',
      bmi: '31.8 kg/m² (Obese)',
    });
    const partial = vitalsDisplay({ measured: '2026-11-14T05:58:52Z', systolic: 120, diastolic: null });
    expect(partial.bloodPressure).toBe('120/— mmHg');
    expect(partial.pulse).toBe('');
    expect(partial.bmi).toBe('');
  });
});

describe('perio charts', () => {
  const tooth = (n: number, probingDepth: number[], bleeding: boolean[]) => ({ tooth: n, probingDepth, recession: [0, 0, 0, 0, 0, 0], bleeding, mobility: null });
  it('count deep (5 mm or more) and bleeding sites as the server does', () => {
    const teeth = [tooth(2, [3, 5, 6, 2, 3, 4], [false, true, true, false, false, false]), tooth(3, [2, 2, 3, 2, 2, 5], [false, false, false, false, false, false])];
    expect(perioSummary(teeth)).toEqual({ teethCharted: 2, deepSites: 3, bleedingSites: 2 });
    expect(perioSummary([])).toEqual({ teethCharted: 0, deepSites: 0, bleedingSites: 0 });
  });
  it('say the summary in words', () => {
    expect(perioSummaryText({ teethCharted: 26, deepSites: 66, bleedingSites: 43 })).toBe('26 teeth, 66 deep sites (5 mm+), 43 bleeding sites');
    expect(perioSummaryText({ teethCharted: 1, deepSites: 1, bleedingSites: 0 })).toBe('1 tooth, 1 deep site (5 mm+), 0 bleeding sites');
  });
});

describe('preventive care', () => {
  it("is overdue when the server says so, or else when due before today (days compared, not instants)", () => {
    expect(isOverdue({ dueDate: '2026-02-08', overdue: true })).toBe(true);
    expect(isOverdue({ dueDate: '2020-01-01', overdue: false })).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-23' }, '2026-11-24')).toBe(true);
    expect(isOverdue({ dueDate: '2026-11-24' }, '2026-11-24')).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-23' })).toBe(false);
  });
  it('lists overdue items first, keeping the order otherwise', () => {
    const entry = (id: number, overdue: boolean) => ({ entryId: id, resource: { overdue } });
    expect(overdueFirst([entry(1, false), entry(2, true), entry(3, false), entry(4, true)]).map((e) => e.entryId)).toEqual([2, 4, 1, 3]);
  });
});

describe('allergies', () => {
  it('sort severe first, keeping the order otherwise', () => {
    const entry = (id: number, severity: string) => ({ entryId: id, resource: { severity } });
    const sorted = bySeverity([entry(1, 'mild'), entry(2, ''), entry(3, 'severe'), entry(4, 'moderate'), entry(5, 'severe')]);
    expect(sorted.map((e) => e.entryId)).toEqual([3, 5, 4, 1, 2]);
  });
  it('say severity and type in words', () => {
    expect(severityWord('severe')).toBe('Severe');
    expect(severityWord('')).toBe('Severity not recorded');
    expect(allergyCategory('medication')).toBe('Drug');
    expect(allergyCategory('food')).toBe('Food');
    expect(allergyCategory('environment')).toBe('Environmental');
  });
});

describe('labels', () => {
  it('turn codes into words', () => {
    expect(codeWords('in-progress')).toBe('In progress');
    expect(codeWords('entered-in-error')).toBe('Entered in error');
    expect(codeWords('')).toBe('');
    expect(modalityWords('PX')).toBe('Panoramic radiograph (PX)');
    expect(modalityWords('ZZ')).toBe('ZZ');
    expect(directionWords('incoming')).toBe('Incoming (to the practice)');
    expect(scoreText(14, 27)).toBe('14 / 27');
    expect(scoreText(null)).toBe('');
    expect(dotted('a', '', null, 'b', false)).toBe('a · b');
  });
});

describe('implantable devices', () => {
  it("cut a UDI before each application identifier", () => {
    expect(udiParts('(01)00643169007222(17)171012(10)EW33461(21)SN76864538')).toEqual(['(01)00643169007222', '(17)171012', '(10)EW33461', '(21)SN76864538']);
    expect(udiParts('ABC123')).toEqual(['ABC123']);
    expect(udiParts('')).toEqual([]);
  });
});

describe('notes in a list', () => {
  it('show their first lines, with one ellipsis when cut', () => {
    expect(firstLines('Cut by the server at a word…', true)).toBe('Cut by the server at a word…');
    expect(firstLines('Whole note.', false)).toBe('Whole note.');
    expect(firstLines('one\n\ntwo\nthree\nfour', false)).toBe('one two three…');
    expect(firstLines('short', true)).toBe('short…');
  });
});
