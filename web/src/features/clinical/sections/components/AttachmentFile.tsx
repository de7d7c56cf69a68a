import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Failed, Loading } from '../../components/ClinicalStatus';
import { useAttachmentFile } from '../api/get-section';
import { isImage } from '../lib/format';
import { SECTIONS_TEXT } from '../lib/texts';

/** A file name of plain characters from the title, with the type's extension. */
function fileName(title: string, contentType: string): string {
  const base = title.replace(/[^A-Za-z0-9 ._-]+/g, '').trim().replace(/\s+/g, '-') || 'attachment';
  const ext = contentType.split('/')[1]?.replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '') ?? '';
  return ext && ext !== 'octetstream' ? `${base}.${ext}` : base;
}

/**
 * An attachment's file, fetched with the session's token: an image is shown (its alt text
 * is the title); any file can be downloaded.
 */
export function AttachmentFile({ patientId, entryId, title, contentType }: { patientId: number; entryId: number; title: string; contentType: string }) {
  const file = useAttachmentFile(patientId, entryId, true);
  if (file.error) return <Failed retry={() => void file.refetch()}>{SECTIONS_TEXT.imageFailed}</Failed>;
  if (!file.url) return <Loading label="Loading the file" />;
  return (
    <Box data-testid="attachment-file">
      {isImage(contentType) && (
        <Box
          component="img"
          src={file.url}
          alt={title}
          data-testid="attachment-image"
          sx={{ display: 'block', maxWidth: '100%', height: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}
        />
      )}
      <Button variant="outlined" component="a" href={file.url} download={fileName(title, contentType)} startIcon={<Download aria-hidden />} sx={{ minHeight: 44 }}>
        {SECTIONS_TEXT.download}
      </Button>
    </Box>
  );
}
