import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { EMPTY_TEXT, NONE_KNOWN_TEXT } from './texts';
import { DEFAULT_COLOURS, isSectionKey, NONE_KNOWN_SECTIONS, parseEntryId, SECTION_DEFAULTS, SECTION_KEYS, sectionHeading, toolbarTitle, widgetLook, type ClinicalWidget } from './sections';
import { tileOf } from '../../lib/widgets';

const document = JSON.parse(readFileSync(new URL('../../../../api/openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { enum?: string[]; oneOf?: Array<{ allOf?: Array<{ properties?: Record<string, { enum?: string[] }> }> }> }> };
};

// Every key of the document's Section enum is a key here, and the other way round (the type checks it too).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKeys: Exact<keyof typeof SECTION_DEFAULTS, components['schemas']['Section']> = true;

describe('the section list', () => {
  it('is the 28 sections of the server document, once each', () => {
    expect(sameKeys).toBe(true);
    const fromDocument = document.components.schemas['Section']?.enum ?? [];
    expect(fromDocument).toHaveLength(28);
    expect([...SECTION_KEYS].sort()).toEqual([...fromDocument].sort());
    expect(new Set(SECTION_KEYS).size).toBe(28);
  });
  it('has an empty text for every section and none-known texts for the three reviewed ones', () => {
    expect(Object.keys(EMPTY_TEXT).sort()).toEqual([...SECTION_KEYS].sort());
    expect(Object.values(EMPTY_TEXT).every((text) => text.trim().length > 0)).toBe(true);
    expect(Object.keys(NONE_KNOWN_TEXT).sort()).toEqual([...NONE_KNOWN_SECTIONS].sort());
    expect(NONE_KNOWN_TEXT).toEqual({ allergies: 'No Known Allergies', problemList: 'No Known Problems', medications: 'No Current Medications' });
  });
  it('tells section keys from anything else (case matters)', () => {
    expect(isSectionKey('allergies')).toBe(true);
    expect(isSectionKey('opticalRX')).toBe(true);
    expect(isSectionKey('Allergies')).toBe(false);
    expect(isSectionKey('nothing')).toBe(false);
    expect(isSectionKey('toString')).toBe(false);
    expect(isSectionKey(undefined)).toBe(false);
  });
});

describe('a section heading', () => {
  const widget = (over: Partial<ClinicalWidget>): ClinicalWidget => ({
    key: 'allergies',
    title: 'My Allergies',
    tableType: 'allergies',
    flagTreatment: false,
    color: '#2E7D32',
    orderNumber: 0,
    columnNumber: 0,
    showInView: true,
    ...over,
  });
  it("is the user's widget title and colour, with white text on it", () => {
    expect(sectionHeading('allergies', [widget({})])).toEqual({ title: 'My Allergies', color: '#2E7D32', ink: '#FFFFFF' });
  });
  it('keeps the title of a hidden widget (the dialog lists it by that title too)', () => {
    expect(sectionHeading('allergies', [widget({ showInView: false })]).title).toBe('My Allergies');
  });
  it('falls back to the default title when blank or missing, and to the default colour when it has none', () => {
    expect(sectionHeading('allergies', [])).toEqual({ title: 'Allergies', color: DEFAULT_COLOURS[1], ink: '#FFFFFF' });
    expect(sectionHeading('vitals', [widget({})])).toEqual({ title: 'Vitals', color: DEFAULT_COLOURS[27 % 10], ink: '#FFFFFF' });
    expect(sectionHeading('allergies', [widget({ color: 'red', title: '  ' })])).toEqual({ title: 'Allergies', color: DEFAULT_COLOURS[1], ink: '#FFFFFF' });
  });
  it('has dark text on a colour too light for white, as the board tile has', () => {
    const light = widget({ color: '#FFEB3B' });
    expect(sectionHeading('allergies', [light]).ink).toBe('#111111');
    const tile = tileOf(light, { allergies: { count: 1, privilege: true } });
    expect({ title: tile.title, color: tile.color, ink: tile.ink }).toEqual(sectionHeading('allergies', [light]));
  });
  it('is the same on the board tile for a blank title or a colour that is not one', () => {
    const odd = widget({ title: ' ', color: 'blue' });
    const tile = tileOf(odd, { allergies: { count: 0, privilege: true } });
    expect(tile).toMatchObject({ title: 'Allergies', label: 'Allergies', color: DEFAULT_COLOURS[1] });
    expect(widgetLook('hieDownloads', undefined)).toEqual({ title: 'hieDownloads', color: DEFAULT_COLOURS[0], ink: '#FFFFFF' });
  });
});

describe('an entry id from the address', () => {
  it('is a positive whole number written plainly', () => {
    expect(parseEntryId('12')).toBe(12);
    expect(parseEntryId('9007199254740991')).toBe(9007199254740991);
    for (const bad of [undefined, '', '0', '-3', '012', '1.5', '1e3', 'abc', ' 7', '99999999999999999']) expect(parseEntryId(bad), String(bad)).toBeNull();
  });
});

describe('the toolbar title', () => {
  it("is the section's title when it fits a phone's app bar, 'Clinical' otherwise", () => {
    expect(toolbarTitle('Allergies')).toBe('Allergies');
    expect(toolbarTitle('Implantable Devices')).toBe('Implantable Devices');
    expect(toolbarTitle(SECTION_DEFAULTS.genderIdentityAndSexualOrientation)).toBe('Clinical');
    expect(toolbarTitle(SECTION_DEFAULTS.socialPsychologicalBehavioral)).toBe('Clinical');
  });
});
