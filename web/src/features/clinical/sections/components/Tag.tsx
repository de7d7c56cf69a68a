import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text colours on white, each 4.5:1 or better: danger #B71C1C (6.6:1), info #1F6A96, ok #1B5E20. */
export const TONES = {
  danger: '#B71C1C',
  info: '#1F6A96',
  ok: '#1B5E20',
  neutral: 'rgba(0, 0, 0, 0.7)',
} as const;

export type Tone = keyof typeof TONES;

/**
 * A short status word (High, Overdue, Not given, Unsigned...) in its colour, outlined, with
 * an optional icon: the word always says it, the colour only repeats it.
 */
export function Tag({ tone, icon, children, testId }: { tone: Tone; icon?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-tone={tone}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.75,
        py: 0.125,
        border: 1,
        borderRadius: 1,
        borderColor: TONES[tone],
        color: TONES[tone],
        fontWeight: tone === 'danger' ? 700 : 500,
        fontSize: '0.8125rem',
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        '& svg': { fontSize: '1rem' },
      }}
    >
      {icon}
      {children}
    </Box>
  );
}

/** A code shown small after its meaning: 'Current every day smoker' then 'SNOMED 449868002'. */
export function CodeNote({ system, code }: { system: string; code: string }) {
  if (!code) return null;
  return (
    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
      {system} {code}
    </Box>
  );
}
