import CloseIcon from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Fullscreen from '@mui/icons-material/Fullscreen';
import OpenInNew from '@mui/icons-material/OpenInNew';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useBackCloses } from '@/components/form/DiscardGuard';
import { Failed, Loading } from '../../components/ClinicalStatus';
import { useAttachmentFile } from '../api/get-section';
import { ATTACHMENT_TEXT } from '../lib/attachment-text';
import { isImage } from '../lib/format';
import { SECTIONS_TEXT } from '../lib/texts';

/** A file name of plain characters from the title, with the type's extension. */
function fileName(title: string, contentType: string): string {
  const base = title.replace(/[^A-Za-z0-9 ._-]+/g, '').trim().replace(/\s+/g, '-') || 'attachment';
  const ext = contentType.split('/')[1]?.replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '') ?? '';
  return ext && ext !== 'octetstream' ? `${base}.${ext}` : base;
}

const isPdf = (contentType: string) => /^application\/pdf\b/i.test(contentType.trim());

const BUTTON_SX = { minHeight: 44, textTransform: 'none' } as const;

/**
 * A photo over the whole screen, fit to it (nothing cut, nothing scrolled): its title and
 * a labelled Close in a bar above; Escape and the browser's Back close it too.
 */
function FullScreenImage({ open, onClose, url, title }: { open: boolean; onClose: () => void; url: string; title: string }) {
  const titleId = useId();
  // The browser's Back (a phone's back gesture) closes the photo, not the page under it.
  useBackCloses(open, () => {
    onClose();
    return 'closed';
  });
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId} slotProps={{ paper: { sx: { bgcolor: 'common.black' } } }}>
      <AppBar position="static" color="default" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <IconButton edge="end" onClick={onClose} aria-label={ATTACHMENT_TEXT.close} sx={{ width: 48, height: 48 }}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 1 }}>
        <Box component="img" src={url} alt={title} data-testid="attachment-full-screen-image" sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} />
      </Box>
    </Dialog>
  );
}

/**
 * An attachment's file, fetched with the session's token: an image is shown (its alt text
 * is the title) and opens over the whole screen on a tap ('View Full Screen' for the
 * keyboard); a PDF opens in a new tab ('Open PDF'); any file can be downloaded.
 */
export function AttachmentFile({ patientId, entryId, title, contentType }: { patientId: number; entryId: number; title: string; contentType: string }) {
  const file = useAttachmentFile(patientId, entryId, true);
  const [fullScreen, setFullScreen] = useState(false);
  if (file.error) return <Failed retry={() => void file.refetch()}>{SECTIONS_TEXT.imageFailed}</Failed>;
  if (!file.url) return <Loading label="Loading the file" />;
  const image = isImage(contentType);
  return (
    <Box data-testid="attachment-file">
      {image && (
        <Box
          component="img"
          src={file.url}
          alt={title}
          data-testid="attachment-image"
          onClick={() => setFullScreen(true)}
          sx={{ display: 'block', maxWidth: '100%', height: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mb: 1, cursor: 'zoom-in' }}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {image && (
          <Button variant="outlined" startIcon={<Fullscreen aria-hidden />} onClick={() => setFullScreen(true)} sx={BUTTON_SX}>
            {ATTACHMENT_TEXT.viewFullScreen}
          </Button>
        )}
        {isPdf(contentType) && (
          <Button variant="outlined" component="a" href={file.url} target="_blank" rel="noopener" startIcon={<OpenInNew aria-hidden />} sx={BUTTON_SX}>
            {ATTACHMENT_TEXT.openPdf}
          </Button>
        )}
        <Button variant="outlined" component="a" href={file.url} download={fileName(title, contentType)} startIcon={<Download aria-hidden />} sx={BUTTON_SX}>
          {SECTIONS_TEXT.download}
        </Button>
      </Box>
      {image && <FullScreenImage open={fullScreen} onClose={() => setFullScreen(false)} url={file.url} title={title} />}
    </Box>
  );
}
