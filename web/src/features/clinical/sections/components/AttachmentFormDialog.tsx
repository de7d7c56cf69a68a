import { zodResolver } from '@hookform/resolvers/zod';
import { usePracticeToday } from '@/api/scheduling/get-day-appointments';
import AttachFile from '@mui/icons-material/AttachFile';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { parameterLimits } from '@/api/limits';
import type { UploadProgress } from '@/api/xhr-fetch';
import { FormDialog, FormErrors, FormTextField, showFieldErrors, useDiscardGuard, useValuesPerOpening } from '@/components/form';
import { useToast } from '@/components/toast';
import { useUploadAttachment } from '../api/upload-attachment';
import { attachmentQuery, attachmentSchema, attachmentValues, fileProblem, isPreviewable, mediaTypeOf, uploadFailure, type AttachmentValues } from '../lib/attachment-form';
import { ATTACHMENT_ACCEPT, ATTACHMENT_CATEGORIES, ATTACHMENT_TEXT, fileSizeText } from '../lib/attachment-text';

const LIMITS = parameterLimits['/api/patients/patient/{patientId}/clinical/{section}'].post;
const BUTTON_SX = { minHeight: 44, textTransform: 'none' } as const;

/** An object URL for a chosen file while it is shown; let go when the file changes or the form closes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- on purpose: the URL exists only between this effect and its cleanup
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The file: 'Take Photo' (the phone's camera) or 'Choose File' (a photo or a PDF), the
 * chosen file's name and size, a photo's preview, and what is wrong with it under it. A
 * refused file is said at once, not at Upload.
 */
function FileField({ form, id }: { form: UseFormReturn<AttachmentValues>; id: string }) {
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  return (
    <Controller
      control={form.control}
      name="file"
      render={({ field, fieldState }) => {
        const file = field.value;
        const pick = (fromCamera: boolean) => (event: ChangeEvent<HTMLInputElement>) => {
          const chosen = event.target.files?.[0] ?? null;
          // The same file chosen again still counts as a choice.
          event.target.value = '';
          if (!chosen) return;
          field.onChange(chosen);
          if (fromCamera && form.getValues('category').trim() === '') form.setValue('category', 'Photo');
          const problem = fileProblem(chosen);
          if (problem) form.setError('file', { type: 'file', message: problem });
          else form.clearErrors('file');
        };
        return (
          <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-helper-text`}>
            <Typography id={`${id}-label`} component="div" variant="body2" color={fieldState.error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
              {ATTACHMENT_TEXT.file}
              <span aria-hidden> *</span>
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                ref={field.ref}
                variant="outlined"
                startIcon={<PhotoCamera aria-hidden />}
                onClick={() => camera.current?.click()}
                aria-describedby={`${id}-helper-text`}
                color={fieldState.error ? 'error' : 'secondary'}
                sx={BUTTON_SX}
              >
                {ATTACHMENT_TEXT.takePhoto}
              </Button>
              <Button
                variant="outlined"
                startIcon={<AttachFile aria-hidden />}
                onClick={() => picker.current?.click()}
                aria-describedby={`${id}-helper-text`}
                color={fieldState.error ? 'error' : 'secondary'}
                sx={BUTTON_SX}
              >
                {ATTACHMENT_TEXT.chooseFile}
              </Button>
            </Box>
            <input ref={camera} type="file" accept="image/*" capture="environment" hidden tabIndex={-1} aria-hidden onChange={pick(true)} data-testid="attachment-camera-input" />
            <input ref={picker} type="file" accept={ATTACHMENT_ACCEPT} hidden tabIndex={-1} aria-hidden onChange={pick(false)} data-testid="attachment-file-input" />
            {file && <ChosenFile file={file} />}
            <FormHelperText id={`${id}-helper-text`} error={!!fieldState.error} role={fieldState.error ? 'alert' : undefined}>
              {fieldState.error?.message ?? ATTACHMENT_TEXT.fileHelp}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}

/** The chosen file's name and size, and a photo's preview. */
function ChosenFile({ file }: { file: File }) {
  const previewable = isPreviewable(file);
  const url = useObjectUrl(previewable ? file : null);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" data-testid="attachment-chosen" sx={{ overflowWrap: 'anywhere' }}>
        {file.name || ATTACHMENT_TEXT.file} · {fileSizeText(file.size)}
      </Typography>
      {previewable && url && (
        <Box
          component="img"
          src={url}
          alt={`${ATTACHMENT_TEXT.preview} ${file.name || ATTACHMENT_TEXT.file}`}
          data-testid="attachment-preview"
          sx={{ display: 'block', mt: 1, maxWidth: '100%', maxHeight: 240, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
    </Box>
  );
}

/** How far the upload is: the bar (labelled), the percentage in words, and Cancel Upload. */
function Progress({ progress, onCancel }: { progress: UploadProgress; onCancel: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A block: newer browsers answer scrollIntoView with a promise, which is no cleanup.
    void box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const percent = progress.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  const sent = percent === 100;
  return (
    <Box ref={box} data-testid="upload-progress">
      <Typography variant="body2" role="status" sx={{ mb: 0.5 }}>
        {sent ? ATTACHMENT_TEXT.processing : percent === null ? ATTACHMENT_TEXT.uploading : `${ATTACHMENT_TEXT.uploading} ${percent}%`}
      </Typography>
      <LinearProgress
        variant={percent === null || sent ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        color="secondary"
        aria-label={ATTACHMENT_TEXT.uploadProgress}
        aria-valuetext={percent === null ? undefined : `${percent}%`}
      />
      <Button onClick={onCancel} sx={{ ...BUTTON_SX, mt: 1 }}>
        {ATTACHMENT_TEXT.cancelUpload}
      </Button>
    </Box>
  );
}

function Body({ patientId, initial, formId, today, setSaving, onSaved }: { patientId: number; initial: AttachmentValues; formId: string; today: string; setSaving: (saving: boolean) => void; onSaved: () => void }) {
  const schema = useMemo(() => attachmentSchema(today), [today]);
  const form = useForm<AttachmentValues>({
    defaultValues: initial,
    resolver: zodResolver(schema, undefined, { raw: true }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  useDiscardGuard(form);
  const upload = useUploadAttachment(patientId);
  const [others, setOthers] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  // A form closed under an upload (a logout) stops it.
  useEffect(() => () => controller.current?.abort(), []);
  const ids = (name: string) => `${formId}-${name}`;
  const { errors } = form.formState;

  function send(values: AttachmentValues) {
    const file = values.file;
    const mediaType = file ? mediaTypeOf(file) : null;
    if (!file || !mediaType) return;
    setOthers([]);
    setNotice(null);
    setSaving(true);
    setProgress({ loaded: 0, total: file.size });
    const abort = new AbortController();
    controller.current = abort;
    upload.mutate(
      { file, mediaType, query: attachmentQuery(values), onProgress: setProgress, signal: abort.signal },
      {
        onSuccess: () => {
          setProgress(null);
          onSaved();
        },
        onError: (error) => {
          // The fields are enabled again before an error focuses its field.
          flushSync(() => {
            setSaving(false);
            setProgress(null);
          });
          const failure = uploadFailure(error);
          if (failure.cancelled) {
            setNotice(ATTACHMENT_TEXT.cancelled);
            return;
          }
          setOthers(showFieldErrors<keyof AttachmentValues>(form.setError, { onFields: failure.fields, others: failure.others }));
        },
      },
    );
  }

  return (
    <Box component="form" id={formId} noValidate onSubmit={(e) => void form.handleSubmit(send)(e)}>
      <Stack spacing={2}>
        <FormErrors show={Object.keys(errors).length > 0} others={others} />
        {notice && (
          <Alert severity="info" data-testid="upload-notice">
            {notice}
          </Alert>
        )}
        <Box component="fieldset" disabled={progress !== null} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Stack spacing={2}>
            <FileField form={form} id={ids('file')} />
            <FormTextField form={form} name="title" id={ids('title')} label="Title" required maxLength={LIMITS.title.maxLength} />
            <FormTextField form={form} name="category" id={ids('category')} label="Category" maxLength={LIMITS.category.maxLength} helperText={`${ATTACHMENT_CATEGORIES.slice(0, 3).join(', ')}…`} />
            <FormTextField form={form} name="date" id={ids('date')} label="Date" type="date" max={today} />
            <FormTextField form={form} name="description" id={ids('description')} label="Description" multiline maxLength={LIMITS.description.maxLength} />
          </Stack>
        </Box>
        {progress && <Progress progress={progress} onCancel={() => controller.current?.abort()} />}
      </Stack>
    </Box>
  );
}

/**
 * 'Add Attachment' (issue 14): a photo from the camera or a file (JPEG, PNG, WebP or PDF, at
 * most 10 MB) with its title, category, date and description, uploaded with its progress
 * shown and a way to cancel. Full screen on phones; a chosen file or typed text is not lost
 * without asking.
 */
export default function AttachmentFormDialog({ open, onClose, patientId }: { open: boolean; onClose: () => void; patientId: number }) {
  const formId = useId();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const practiceToday = usePracticeToday();
  const [today] = useState(practiceToday);
  const initial = useValuesPerOpening(open, true, () => attachmentValues(today));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={ATTACHMENT_TEXT.add}
      formId={formId}
      saving={saving}
      ready={initial !== null}
      submitText={{ idle: ATTACHMENT_TEXT.upload, busy: ATTACHMENT_TEXT.uploading }}
    >
      {initial && (
        <Body
          patientId={patientId}
          initial={initial}
          formId={formId}
          today={today}
          setSaving={setSaving}
          onSaved={() => {
            setSaving(false);
            toast(ATTACHMENT_TEXT.saved, 'success');
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}
