import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { lazy, useState } from 'react';
import { OnceOpened } from '@/components/form/once-opened';
import { ATTACHMENT_TEXT } from '../lib/attachment-text';
import type { SectionKey } from '../lib/sections';

const AttachmentFormDialog = lazy(() => import('./AttachmentFormDialog'));

/** The attachments page's 'Add Attachment' button, opening the upload form (loaded on the first opening). */
export function AddAttachmentButton({ patientId, section }: { patientId: number; section: SectionKey }) {
  const [open, setOpen] = useState(false);
  if (section !== 'attachments') return null;
  return (
    <>
      <Button variant="contained" startIcon={<Add aria-hidden />} onClick={() => setOpen(true)} sx={{ minHeight: 44, textTransform: 'none', alignSelf: 'flex-start' }}>
        {ATTACHMENT_TEXT.add}
      </Button>
      <OnceOpened open={open}>
        <AttachmentFormDialog open={open} onClose={() => setOpen(false)} patientId={patientId} />
      </OnceOpened>
    </>
  );
}
