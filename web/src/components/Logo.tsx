import Box from '@mui/material/Box';

/** The product mark (the same drawing as the app icons). */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="img"
      src={`${import.meta.env.BASE_URL}favicon.svg`}
      alt=""
      aria-hidden
      width={size}
      height={size}
      sx={{ display: 'block', flexShrink: 0 }}
    />
  );
}
