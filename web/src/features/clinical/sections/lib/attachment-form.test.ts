import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/api/errors';
import { parameterLimits } from '@/api/limits';
import { BAD_DATE, schemaErrors } from '@/components/form/rules';
import { attachmentQuery, attachmentSchema, attachmentValues, fileProblem, isPreviewable, mediaTypeOf, uploadFailure } from './attachment-form';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, fileSizeText } from './attachment-text';

const TODAY = '2026-05-10';
const MB = 1024 * 1024;
const photo = (size = 2048, type = 'image/jpeg', name = 'photo.jpg') => ({ name, type, size });

describe('attachment files', () => {
  it('takes JPEG, PNG, WebP and PDF, by type or, when the picker gives none, by extension', () => {
    expect(mediaTypeOf(photo())).toBe('image/jpeg');
    expect(mediaTypeOf({ name: 'x', type: 'image/JPG' })).toBe('image/jpeg');
    expect(mediaTypeOf({ name: 'scan.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(mediaTypeOf({ name: 'scan.PDF', type: '' })).toBe('application/pdf');
    expect(mediaTypeOf({ name: 'photo.webp', type: '' })).toBe('image/webp');
    expect(mediaTypeOf({ name: 'photo.heic', type: 'image/heic' })).toBeNull();
    expect(mediaTypeOf({ name: 'photo.jpg', type: 'image/heic' })).toBeNull();
    expect(mediaTypeOf({ name: 'notes.txt', type: '' })).toBeNull();
    expect(mediaTypeOf({ name: 'README', type: '' })).toBeNull();
  });

  it('says what is wrong on the field: missing, kind, size (10 MB, the server limit), empty', () => {
    expect(fileProblem(null)).toBe('Required field');
    expect(fileProblem(photo())).toBeUndefined();
    expect(fileProblem(photo(10 * MB))).toBeUndefined();
    expect(fileProblem(photo(10 * MB + 1))).toBe('The file is larger than 10 MB');
    expect(fileProblem({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe('Attach a photo (JPEG, PNG or WebP) or a PDF');
    expect(fileProblem({ name: 'a.gif', type: 'image/gif', size: 20 * MB })).toBe('Attach a photo (JPEG, PNG or WebP) or a PDF');
    expect(fileProblem(photo(0))).toBe('The file is empty');
    expect(ATTACHMENT_MAX_BYTES).toBe(10_485_760);
  });

  it('previews a photo that can be sent, never a PDF or a refused file', () => {
    expect(isPreviewable(photo())).toBe(true);
    expect(isPreviewable({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(false);
    expect(isPreviewable(photo(11 * MB))).toBe(false);
    expect(isPreviewable(null)).toBe(false);
  });

  it('shows sizes as people read them', () => {
    expect(fileSizeText(1)).toBe('1 byte');
    expect(fileSizeText(500)).toBe('500 bytes');
    expect(fileSizeText(1536)).toBe('1.5 KB');
    expect(fileSizeText(2.45 * MB)).toBe('2.5 MB');
    expect(fileSizeText(10 * MB)).toBe('10.0 MB');
  });

  it("follows the server's document: the upload's media types and its 10 MB", () => {
    const document = JSON.parse(readFileSync(new URL('../../../../api/openapi.json', import.meta.url), 'utf8')) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> }; responses: Record<string, { description: string }> } }>;
    };
    const post = document.paths['/api/patients/patient/{patientId}/clinical/{section}']!.post;
    expect(Object.keys(post.requestBody.content).filter((t) => t !== 'application/json').sort()).toEqual([...ATTACHMENT_TYPES].sort());
    expect(post.responses['413']!.description).toContain(`${ATTACHMENT_MAX_BYTES / MB} MB`);
    expect(ATTACHMENT_ACCEPT).toBe('image/jpeg,image/png,image/webp,application/pdf');
  });
});

describe('attachment form: rules', () => {
  const schema = attachmentSchema(TODAY);
  const file = new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' });

  it("asks for the file and the title with 'Required field'; dated today", () => {
    expect(attachmentValues(TODAY)).toEqual({ file: null, title: '', category: '', date: TODAY, description: '' });
    expect(schemaErrors(schema, attachmentValues(TODAY))).toEqual({ file: 'Required field', title: 'Required field' });
    expect(schemaErrors(schema, { ...attachmentValues(TODAY), file, title: '  ' })).toEqual({ title: 'Required field' });
    expect(schemaErrors(schema, { ...attachmentValues(TODAY), file, title: 'Rash' })).toEqual({});
  });

  it('refuses a date in the future and text over the limits', () => {
    const ok = { ...attachmentValues(TODAY), file, title: 'Rash' };
    expect(schemaErrors(schema, { ...ok, date: '2026-05-11' })).toEqual({ date: 'Cannot be in the future' });
    expect(schemaErrors(schema, { ...ok, date: BAD_DATE })).toEqual({ date: 'Not a valid date' });
    expect(schemaErrors(schema, { ...ok, date: '' })).toEqual({});
    const limits = parameterLimits['/api/patients/patient/{patientId}/clinical/{section}'].post;
    expect(schemaErrors(schema, { ...ok, title: 'x'.repeat(limits.title.maxLength + 1) }).title).toBe(`At most ${limits.title.maxLength} characters`);
    expect(schemaErrors(schema, { ...ok, category: 'x'.repeat(limits.category.maxLength + 1) }).category).toMatch(/At most/);
    expect(schemaErrors(schema, { ...ok, description: 'x'.repeat(limits.description.maxLength + 1) }).description).toMatch(/At most/);
    expect(schemaErrors(schema, { ...ok, file: new File(['x'], 'a.txt', { type: 'text/plain' }) })).toEqual({ file: 'Attach a photo (JPEG, PNG or WebP) or a PDF' });
  });

  it('sends the fields trimmed, leaving out the blank ones', () => {
    expect(attachmentQuery({ title: ' Rash, left arm ', category: 'Photo', date: '2026-05-01', description: ' Day 3 ' })).toEqual({
      title: 'Rash, left arm',
      category: 'Photo',
      date: '2026-05-01',
      description: 'Day 3',
    });
    expect(attachmentQuery({ title: 'Rash', category: ' ', date: '', description: '' })).toEqual({ title: 'Rash' });
  });

  it('leaves out the hidden characters a pasted text carries, keeping line breaks where they belong', () => {
    expect(
      attachmentQuery({ title: 'Ra\u200Bsh\u0007', category: 'Photo\u202E', date: '', description: 'Day 3\nclearing\u200B' }),
    ).toEqual({ title: 'Rash', category: 'Photo', description: 'Day 3\nclearing' });
  });
});

describe('a refused upload', () => {
  const refused = (status: number, body: unknown) => uploadFailure(new ApiRequestError(status, body));

  it('puts a 400 on its fields and what the form has no field for in the banner', () => {
    expect(refused(400, { code: 'invalid', message: 'Invalid', fields: { title: 'Required field', file: 'The file is empty', other: 'No' } })).toEqual({
      cancelled: false,
      fields: { title: 'Required field', file: 'The file is empty' },
      others: ['other: No'],
    });
  });

  it('says 413 and 415 on the file, in words', () => {
    expect(refused(413, { code: 'payload_too_large', message: 'The request is too large' })).toEqual({ cancelled: false, fields: { file: 'The file is larger than 10 MB' }, others: [] });
    expect(refused(415, { code: 'unsupported_media_type', message: 'x', fields: { file: 'Attach a photo (JPEG, PNG or WebP) or a PDF' } })).toEqual({
      cancelled: false,
      fields: { file: 'Attach a photo (JPEG, PNG or WebP) or a PDF' },
      others: [],
    });
    expect(refused(415, {})).toEqual({ cancelled: false, fields: { file: 'Attach a photo (JPEG, PNG or WebP) or a PDF' }, others: [] });
  });

  it('tells a cancel from a failure', () => {
    expect(uploadFailure(new DOMException('stop', 'AbortError'))).toEqual({ cancelled: true });
    expect(uploadFailure(new TypeError('Network request failed'))).toEqual({ cancelled: false, fields: {}, others: ['The attachment could not be uploaded. Please try again.'] });
    expect(refused(500, { code: 'internal', message: 'Something broke' })).toEqual({ cancelled: false, fields: {}, others: ['Something broke'] });
  });
});
