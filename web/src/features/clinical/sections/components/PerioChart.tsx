import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { components } from '@/api/schema';
import { DEEP_SITE_MM, PERIO_SITES } from '../lib/format';
import { TONES } from './Tag';

type Tooth = components['schemas']['PerioTooth'];

const cell = { border: 1, borderColor: 'divider', px: 0.25, py: 0.5, textAlign: 'center', fontSize: '0.875rem' } as const;

/** One tooth: its six sites as columns, probing depth, recession and bleeding as rows. */
function ToothTable({ tooth }: { tooth: Tooth }) {
  const mobility = typeof tooth.mobility === 'number' ? `, mobility ${tooth.mobility}` : '';
  return (
    <Box component="table" data-testid="perio-tooth" sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }}>
      <Box component="caption" sx={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, pb: 0.5 }}>
        Tooth {tooth.tooth}
        {mobility}
      </Box>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ ...cell, width: '30%', textAlign: 'left' }}>
            Site
          </Box>
          {PERIO_SITES.map((site) => (
            <Box component="th" scope="col" key={site.short} sx={cell}>
              <abbr title={site.name}>{site.short}</abbr>
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
            Depth mm
          </Box>
          {PERIO_SITES.map((site, i) => {
            const depth = tooth.probingDepth[i];
            const deep = typeof depth === 'number' && depth >= DEEP_SITE_MM;
            return (
              <Box component="td" key={site.short} data-deep={deep || undefined} sx={{ ...cell, ...(deep ? { color: TONES.danger, fontWeight: 700, textDecoration: 'underline' } : {}) }}>
                {depth ?? '—'}
              </Box>
            );
          })}
        </tr>
        <tr>
          <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
            Recess. mm
          </Box>
          {PERIO_SITES.map((site, i) => (
            <Box component="td" key={site.short} sx={cell}>
              {tooth.recession[i] ?? '—'}
            </Box>
          ))}
        </tr>
        <tr>
          <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
            Bleeding
          </Box>
          {PERIO_SITES.map((site, i) => {
            const bled = tooth.bleeding[i] === true;
            return (
              <Box component="td" key={site.short} data-bleeding={bled || undefined} sx={{ ...cell, ...(bled ? { color: TONES.danger, fontWeight: 700 } : { color: 'text.secondary' }) }}>
                {bled ? 'Yes' : <span aria-label="No">–</span>}
              </Box>
            );
          })}
        </tr>
      </tbody>
    </Box>
  );
}

/**
 * A perio chart on a phone: one small table per tooth (six sites across, so it fits 360 px
 * without the page scrolling sideways), upper teeth (1–16) then lower (17–32). Deep sites
 * (5 mm or more) are bold, underlined and red; bleeding sites say 'Yes' in red.
 */
export function PerioChart({ teeth }: { teeth: readonly Tooth[] }) {
  const sorted = [...teeth].sort((a, b) => a.tooth - b.tooth);
  const groups = [
    { name: 'Upper teeth', teeth: sorted.filter((t) => t.tooth <= 16) },
    { name: 'Lower teeth', teeth: sorted.filter((t) => t.tooth > 16) },
  ].filter((g) => g.teeth.length > 0);
  return (
    <Box data-testid="perio-chart">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Sites: DB distobuccal, B buccal, MB mesiobuccal, DL distolingual, L lingual, ML mesiolingual. Depths of {DEEP_SITE_MM} mm or more are bold and underlined.
      </Typography>
      {groups.map((group) => (
        <Box key={group.name} component="section" aria-label={group.name} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
            {group.name}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', gap: 2 }}>
            {group.teeth.map((tooth) => (
              <ToothTable key={tooth.tooth} tooth={tooth} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
