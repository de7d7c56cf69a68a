import { describe, expect, it } from 'vitest';
import { allergySeverity, bySeverity, currentAllergies, isActiveAllergy, severeAllergies, severeAllergyLine, severityWord } from './allergy-severity';

const allergy = (description: string, severity: string, reaction = 'Rash', status = 'Active') => ({ description, severity, reaction, status });

describe('allergy severity', () => {
  it("reads the demo practice's words", () => {
    expect(allergySeverity('Severe')).toBe('severe');
    expect(allergySeverity('Moderate')).toBe('moderate');
    expect(allergySeverity('Mild')).toBe('mild');
  });

  it('treats life-threatening words as severe, whatever their case or spelling', () => {
    for (const text of ['Life-threatening', 'LIFE THREATENING', 'life_threatening', 'Fatal', 'critical', ' severe ']) expect(allergySeverity(text)).toBe('severe');
  });

  it('lets the worse word win', () => {
    expect(allergySeverity('Moderate to severe')).toBe('severe');
    expect(allergySeverity('Mild to moderate')).toBe('moderate');
    expect(allergySeverity('Not known')).toBe('unknown');
  });

  it('knows nothing of an empty or unknown severity', () => {
    expect(allergySeverity('')).toBe('unknown');
    expect(allergySeverity(null)).toBe('unknown');
    expect(allergySeverity('Unknown')).toBe('unknown');
  });

  it('picks the current severe allergies, and lists them first', () => {
    const list = [allergy('Ibuprofen', 'Mild'), allergy('Penicillin', 'Severe', 'Hives'), allergy('Latex', 'Severe', 'Rash', 'Inactive'), allergy('Peanuts', 'Life-threatening', 'Anaphylaxis')];
    expect(severeAllergies(list).map((a) => a.description)).toEqual(['Penicillin', 'Peanuts']);
    expect(bySeverity(list).map((a) => a.description)).toEqual(['Penicillin', 'Peanuts', 'Ibuprofen', 'Latex']);
    expect(isActiveAllergy('Inactive')).toBe(false);
    expect(isActiveAllergy('Active')).toBe(true);
    expect(isActiveAllergy('')).toBe(true);
    expect(isActiveAllergy('refuted')).toBe(false);
    expect(isActiveAllergy('entered-in-error')).toBe(false);
    expect(currentAllergies([allergy('A', 'Mild', 'Rash', 'active'), allergy('B', 'Mild', 'Rash', 'resolved'), allergy('C', 'Mild', 'Rash', 'inactive')]).map((a) => a.description)).toEqual(['A']);
  });

  it('names the severity with a word, never by colour alone', () => {
    expect(severityWord(allergy('Penicillin', 'severe'))).toBe('Severe');
    expect(severityWord(allergy('Bees', 'Life-threatening'))).toBe('Life-threatening');
    expect(severityWord(allergy('Ibuprofen', 'Mild'))).toBe('Mild');
    expect(severeAllergyLine([allergy('Penicillin', 'Severe')])).toBe('Severe allergy: Penicillin');
    expect(severeAllergyLine([allergy('Penicillin', 'Severe'), allergy('Shellfish', 'Severe')])).toBe('Severe allergies: Penicillin, Shellfish');
    expect(severeAllergyLine([allergy('Ibuprofen', 'Mild')])).toBe('');
  });
});
