import { describe, expect, it } from 'vitest';
import { toEntryInput, allergyValues, noteValues } from './entry-forms';
import { isHiddenCharacter, withoutHiddenCharacters } from './hidden-characters';

describe('hidden characters (the server refuses them)', () => {
  it('takes out controls, zero-width spaces, bidirectional marks and the byte order mark', () => {
    expect(withoutHiddenCharacters('\uFEFFPea\u200Bnut\u202E\u0007')).toBe('Peanut');
    expect(withoutHiddenCharacters('soft\u00ADhyphen \u2060joined\u{E0041}')).toBe('softhyphen joined');
  });
  it('keeps the joiners emoji and scripts need, and accents', () => {
    expect(withoutHiddenCharacters('👩\u200D⚕️ می\u200Cخواهم Zoë')).toBe('👩\u200D⚕️ می\u200Cخواهم Zoë');
    expect(isHiddenCharacter(0x200c, false)).toBe(false);
  });
  it('keeps line breaks and tabs in a multi-line text; a one-line text gets spaces for them', () => {
    expect(withoutHiddenCharacters('a\r\n\tb\u2028c', true)).toBe('a\r\n\tbc');
    expect(withoutHiddenCharacters('Lisinopril\n10 mg\ttablet')).toBe('Lisinopril 10 mg tablet');
  });
  it('sends pasted text without them', () => {
    expect(toEntryInput('allergies', { ...allergyValues(), substance: '\u200BPeanut\u200B', note: 'Line one\nline\u00A0two\u200E' })).toMatchObject({ substance: 'Peanut', note: 'Line one\nline\u00A0two' });
    expect(toEntryInput('clinicalNotes', { ...noteValues(), noteType: 'Progress\u202Anote', text: 'Seen.\n\n\u202EPlan: rest.' })).toMatchObject({ noteType: 'Progressnote', text: 'Seen.\n\nPlan: rest.' });
  });
});
