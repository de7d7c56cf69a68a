import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface EqualTab<T extends string> {
  value: T;
  /** The tab's element id (the panel is labelled by the selected one). */
  id: string;
  label: ReactNode;
}

/** What MUI's Tab gives a full-width tab in the secondary colour (the theme's button text). */
const TAB_SX = {
  typography: 'button',
  flex: '1 1 0',
  minWidth: 0,
  minHeight: 48,
  px: 2,
  py: 1.5,
  lineHeight: 1.25,
  textAlign: 'center',
  whiteSpace: 'normal',
  overflow: 'hidden',
  color: 'text.secondary',
  '&[aria-selected="true"]': { color: 'secondary.main' },
  // The focus ring inside the tab, as MUI's tabs draw it: outside, it would be cut at the screen's edges.
  '&.Mui-focusVisible': { outlineOffset: -3, boxShadow: 'none' },
} satisfies SxProps<Theme>;

/**
 * Tabs of equal width across their bar, as MUI's Tabs with `variant="fullWidth"` show them (the
 * secondary colour, a 2px indicator under the selected tab that slides to the next), with the
 * indicator placed by CSS alone: MUI's Tabs measure their tabs after every render to place it,
 * which on the orders page was the page's first layout, forced in the middle of drawing it
 * (issue 17). The keyboard as MUI's: the arrow keys, Home and End move the focus between the
 * tabs, Enter or Space selects the focused one; Tab leaves the bar from the selected tab.
 */
export function EqualTabs<T extends string>({
  label,
  value,
  onChange,
  tabs,
  panelId,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  tabs: ReadonlyArray<EqualTab<T>>;
  panelId: string;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = Math.max(0, tabs.findIndex((t) => t.value === value));

  const moveFocus = (event: KeyboardEvent) => {
    const current = buttons.current.findIndex((b) => b === document.activeElement);
    if (current < 0) return;
    const last = tabs.length - 1;
    const to: Record<string, number> = { ArrowRight: current === last ? 0 : current + 1, ArrowLeft: current === 0 ? last : current - 1, Home: 0, End: last };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <Box role="tablist" aria-label={label} onKeyDown={moveFocus} sx={{ position: 'relative', display: 'flex' }}>
      {tabs.map((tab, index) => (
        <ButtonBase
          key={tab.value}
          ref={(button: HTMLButtonElement | null) => {
            buttons.current[index] = button;
          }}
          role="tab"
          id={tab.id}
          aria-selected={index === selected}
          aria-controls={panelId}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => {
            if (index !== selected) onChange(tab.value);
          }}
          sx={TAB_SX}
        >
          {tab.label}
        </ButtonBase>
      ))}
      <Box
        component="span"
        aria-hidden
        sx={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          height: 2,
          bgcolor: 'secondary.main',
          transition: (theme) => theme.transitions.create('transform'),
        }}
        // Inline: a class per place would be added to the style sheet at each change.
        style={{ width: `${100 / Math.max(1, tabs.length)}%`, transform: `translateX(${selected * 100}%)` }}
      />
    </Box>
  );
}
