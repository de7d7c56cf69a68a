import { darken, getContrastRatio, lighten } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const;

describe('alert and toast colours', () => {
  // As MUI's Alert draws them in the light palette (Alert.js): filled, the main colour under its
  // contrast text; standard, the light colour darkened by 60% on it lightened by 90%.
  it.each(SEVERITIES)('a filled %s alert (a toast) has text at 4.5:1 or more', (severity) => {
    const { main } = theme.palette[severity];
    expect(getContrastRatio(main, theme.palette.getContrastText(main))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(SEVERITIES)('a standard %s alert has text at 4.5:1 or more and its icon at 3:1 or more', (severity) => {
    const { main, light } = theme.palette[severity];
    const background = lighten(light, 0.9);
    expect(getContrastRatio(darken(light, 0.6), background)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(main, background)).toBeGreaterThanOrEqual(3);
  });
});
