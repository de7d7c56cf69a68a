import { z } from 'zod';
import { limits } from '@/api/limits';
import { BAD_DATE, INVALID_DATE_TEXT } from '@/components/form/rules';
import { MESSAGES, cannotBeLongerThan } from '@/lib/messages';
import type { PatientReferralInput, ReferralDirection, ReferralStatus } from '../api/types';
import { REFERRAL_DIRECTIONS, REFERRAL_STATUSES, REFERRER_TEXT } from './texts';

/** The reason's longest text (the server's document). */
export const REFERRAL_REASON_MAX = limits.ReferralInput.reason.maxLength;

/** Characters the server refuses in a text (control and invisible formatting characters a paste can carry; not tab or line breaks). */
// The document's pattern for the field, as a class to take out.
// eslint-disable-next-line no-control-regex -- on purpose: these are the characters refused
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u206F\uFDD0-\uFDEF\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/g;

/**
 * 'Add Referral''s values, named as the API's input so a 400's `fields` land on their fields;
 * `referrer` is what the Referrer field shows (the chosen referrer's name, or what is typed).
 */
export interface ReferralValues {
  referralId: string;
  referrer: string;
  direction: string;
  date: string;
  reason: string;
  status: string;
}

export type ReferralField = keyof ReferralValues;

const isDirection = (v: string): v is ReferralDirection => (REFERRAL_DIRECTIONS as readonly string[]).includes(v);
const isStatus = (v: string): v is ReferralStatus => (REFERRAL_STATUSES as readonly string[]).includes(v);

/** The form's rules; `today` is yyyy-MM-dd (a referral's date cannot be after it). */
export function referralSchema(today: string) {
  return z
    .object({
      referralId: z.string(),
      referrer: z.string(),
      direction: z.string().refine(isDirection, MESSAGES.requiredField),
      date: z.string(),
      reason: z.string().refine((v) => v.trim() !== '', MESSAGES.requiredField).refine((v) => v.trim().length <= REFERRAL_REASON_MAX, cannotBeLongerThan(REFERRAL_REASON_MAX)),
      status: z.string().refine(isStatus, MESSAGES.requiredField),
    })
    .superRefine((v, ctx) => {
      if (!/^\d+$/.test(v.referralId) || Number(v.referralId) <= 0) {
        // Typed but not picked: the text is no referrer.
        ctx.addIssue({ code: 'custom', path: ['referralId'], message: v.referrer.trim() === '' ? MESSAGES.requiredField : REFERRER_TEXT.chooseFromList });
      }
      if (v.date === BAD_DATE) ctx.addIssue({ code: 'custom', path: ['date'], message: INVALID_DATE_TEXT });
      else if (v.date.trim() === '') ctx.addIssue({ code: 'custom', path: ['date'], message: MESSAGES.requiredField });
      else if (v.date > today) ctx.addIssue({ code: 'custom', path: ['date'], message: REFERRER_TEXT.notFuture });
    }) satisfies z.ZodType<ReferralValues>;
}

/** A new referral: no referrer yet, 'Referred to' (the practice refers the patient), dated today, Pending. */
export function newReferralValues(today: string): ReferralValues {
  return { referralId: '', referrer: '', direction: 'outgoing', date: today, reason: '', status: 'pending' };
}

/** The POST body from checked values. */
export function referralInput(values: ReferralValues): PatientReferralInput {
  return {
    referralId: Number(values.referralId),
    direction: values.direction as ReferralDirection,
    date: values.date,
    reason: values.reason.replace(HIDDEN, '').trim(),
    status: values.status as ReferralStatus,
  };
}

const FIELDS: readonly ReferralField[] = ['referralId', 'direction', 'date', 'reason', 'status'];

/** A server field name as the form's field (null: shown in the banner). */
export const referralFieldOf = (name: string): ReferralField | null => ((FIELDS as readonly string[]).includes(name) ? (name as ReferralField) : null);
