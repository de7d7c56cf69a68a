import type { components } from '@/api/schema';
import type { ClinicalWidget } from '@/api/preferences/model';
import { tileInk } from '../../lib/ink';
import { CLINICAL_TEXT } from '../../lib/texts';

export type SectionKey = components['schemas']['Section'];
export type ClinicalSection = components['schemas']['ClinicalSection'];
export type ClinicalEntry = components['schemas']['ClinicalEntry'];
export type ClinicalResource = components['schemas']['ClinicalResource'];
export type { ClinicalWidget };
/** The resource of one section, narrowed by its `section` tag. */
export type ResourceOf<K extends SectionKey> = Extract<ClinicalResource, { section: K }>;

/**
 * The 28 chart sections (spec part 2, 'Clinical') with the title and colour a section has
 * until the user changes them: the server's defaults (its CLINICAL_WIDGETS list, each
 * section's colour by its place in that list). `satisfies` makes the compiler list every
 * key of the document's `Section` once.
 */
export const SECTION_DEFAULTS = {
  accountAlerts: 'Account Alerts',
  allergies: 'Allergies',
  attachments: 'Attachments',
  careTeam: 'Care Team',
  clinicalNotes: 'Clinical Notes',
  education: 'Education',
  familyHistory: 'Family History',
  forms: 'Forms',
  genderIdentityAndSexualOrientation: 'Gender Identity & Sexual Orientation',
  goals: 'Goals',
  imagingVisits: 'Imaging Visits',
  immunizations: 'Immunizations',
  labs: 'Labs',
  medications: 'Medications',
  opticalRX: 'Optical Rx',
  orders: 'Orders',
  patientAlerts: 'Patient Alerts',
  patientImplantableDevices: 'Implantable Devices',
  patientNotes: 'Patient Notes',
  perioVisits: 'Perio Visits',
  preventiveCare: 'Preventive Care',
  problemList: 'Problem List',
  procedures: 'Procedures',
  referrals: 'Referrals',
  smokingStatus: 'Smoking Status',
  socialPsychologicalBehavioral: 'Social, Psychological & Behavioral',
  treatmentPlans: 'Treatment Plans',
  vitals: 'Vitals',
} as const satisfies Record<SectionKey, string>;

export const SECTION_KEYS = Object.keys(SECTION_DEFAULTS) as SectionKey[];

/** The tile colours of the server's default layout, each dark enough for white text at 4.5:1. */
export const DEFAULT_COLOURS = ['#1F6A96', '#B71C1C', '#7446AA', '#2E7D32', '#AD1457', '#00695C', '#4E342E', '#283593', '#BF360C', '#37474F'] as const;

export function isSectionKey(key: string | undefined): key is SectionKey {
  return key !== undefined && Object.prototype.hasOwnProperty.call(SECTION_DEFAULTS, key);
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A widget's title, colour and text colour, the same on its board tile and its section's title bar. */
export interface WidgetLook {
  title: string;
  color: string;
  ink: string;
}

/**
 * How a widget looks, on the board and on its section's pages alike: the user's title and
 * colour (clinicalSummary, shown or hidden: the dialog lists a hidden widget by its title
 * too), the section's default title when blank and default colour when not '#RRGGBB', and
 * the text colour for that colour (white, or near black on a colour too light for white).
 */
export function widgetLook(key: string, widget: Pick<ClinicalWidget, 'title' | 'color'> | undefined): WidgetLook {
  const index = isSectionKey(key) ? SECTION_KEYS.indexOf(key) : 0;
  const fallbackTitle = isSectionKey(key) ? SECTION_DEFAULTS[key] : key;
  const title = widget?.title.trim() || fallbackTitle;
  const color = widget && HEX_COLOUR.test(widget.color) ? widget.color : (DEFAULT_COLOURS[index % DEFAULT_COLOURS.length] ?? DEFAULT_COLOURS[0]);
  return { title, color, ink: tileInk(color) };
}

/** A section's title bar: its widget in the user's clinicalSummary, looked up by key. */
export function sectionHeading(key: SectionKey, widgets: readonly ClinicalWidget[]): WidgetLook {
  return widgetLook(key, widgets.find((w) => w.key === key));
}

/**
 * An entry id from the address: a positive whole number written plainly ('12', not
 * '012', '1.5', '-3' or '1e3'); null for anything else.
 */
export function parseEntryId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** Sections where 'reviewed, none found' is recorded apart from an empty list. */
export const NONE_KNOWN_SECTIONS = ['allergies', 'problemList', 'medications'] as const satisfies readonly SectionKey[];

/**
 * The toolbar's title for a section page: the section's title when it fits the app bar of a
 * 360 px phone on one line (about 28 characters), 'Clinical' otherwise (the coloured title
 * bar under it shows the whole title, wrapped).
 */
export const TOOLBAR_TITLE_MAX = 28;

export function toolbarTitle(title: string): string {
  return title.length <= TOOLBAR_TITLE_MAX ? title : CLINICAL_TEXT.title;
}
