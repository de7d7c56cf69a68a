// The attachment form's texts and file rules (issue 14), kept apart from its zod rules so the
// section page loads without zod. The spec shows no section's content: the words are ours,
// except 'Required field' (spec part 1) and the server's own messages for a refused file.
import type { operations } from '@/api/schema';

/** The media types an attachment may be: the upload's body types in the OpenAPI document. */
export type AttachmentMediaType = Exclude<keyof operations['add_entry']['requestBody']['content'], 'application/json'>;

/** The server's `MEDIA_TYPES` (crates/domain/src/clinical/files.rs); a test holds them to the document. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const satisfies readonly AttachmentMediaType[];

/**
 * The largest file the server takes: its `MAX_FILE_BYTES`, 10 MB of 1024 * 1024 bytes. The
 * document says it only in words ('A file over 10 MB'), which a test checks; limits.ts has no
 * number for a body's size.
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** What the 'Choose File' picker offers (the camera's button takes any image the camera gives). */
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');

/** The categories the API names as examples; any other text is taken too. */
export const ATTACHMENT_CATEGORIES = ['Photo', 'Referral letter', 'Lab report', 'Consent', 'Radiograph', 'Insurance card'] as const;

export const ATTACHMENT_TEXT = {
  add: 'Add Attachment',
  takePhoto: 'Take Photo',
  chooseFile: 'Choose File',
  file: 'File',
  fileHelp: 'A photo (JPEG, PNG or WebP) or a PDF, at most 10 MB',
  // The server's words (FileError::UnsupportedType), on the client too.
  typeNotTaken: 'Attach a photo (JPEG, PNG or WebP) or a PDF',
  tooLarge: 'The file is larger than 10 MB',
  empty: 'The file is empty',
  preview: 'Preview of',
  upload: 'Upload',
  uploading: 'Uploading…',
  uploadProgress: 'Upload progress',
  processing: 'Saving the file…',
  cancelUpload: 'Cancel Upload',
  cancelled: 'The upload was cancelled. The file was not saved.',
  notUploaded: 'The attachment could not be uploaded. Please try again.',
  saved: 'The attachment was saved.',
  // The attachment's page.
  viewFullScreen: 'View Full Screen',
  close: 'Close',
  openPdf: 'Open PDF',
} as const;

/** A size as people read it: '512 bytes', '35.2 KB', '2.4 MB' (1024-based, like the 10 MB limit). */
export function fileSizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${(Math.round(kb * 10) / 10).toFixed(1)} KB`;
  return `${(Math.round((kb / 1024) * 10) / 10).toFixed(1)} MB`;
}
