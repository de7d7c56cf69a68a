import type { OrderType } from '@/api/orders/keys';
import { OPEN_ORDER_STATUSES, SELECTABLE_ORDER_TYPES, SELECTABLE_ORDER_TYPES_ABOVE } from '@/lib/constants';
import { AVAILABLE_ORDER_STATUS, LOCKED_DESCRIPTION_ORDER_TYPE } from './constants';

/** Types a user may choose: 1, 2, 3, 4, 100, 101, 102 and any above 110 (spec part 1, sections 4 and 9). */
export function isSelectableType(typeId: number): boolean {
  return (SELECTABLE_ORDER_TYPES as readonly number[]).includes(typeId) || typeId > SELECTABLE_ORDER_TYPES_ABOVE;
}

export interface TypeField {
  /** The choices the Type select offers. */
  choices: OrderType[];
  /** Editing an order whose type is not selectable: the field shows only that type, disabled. */
  disabled: boolean;
}

/**
 * The Type field: the selectable types; when editing an order whose type is outside
 * them, only the order's own type, and the field disabled.
 */
export function typeField(types: readonly OrderType[], editingTypeId?: number | null): TypeField {
  if (typeof editingTypeId === 'number' && !isSelectableType(editingTypeId)) {
    const own = types.find((t) => t.typeId === editingTypeId) ?? { typeId: editingTypeId, type: `Type ${editingTypeId}`, selectable: false };
    return { choices: [own], disabled: true };
  }
  return { choices: types.filter((t) => isSelectableType(t.typeId)), disabled: false };
}

/** Editing a type 50 order leaves its long description as it is (the field is disabled). */
export function isLongDescriptionLocked(mode: 'create' | 'edit', storedTypeId: number | null | undefined): boolean {
  return mode === 'edit' && storedTypeId === LOCKED_DESCRIPTION_ORDER_TYPE;
}

export function isOpenStatus(statusId: number): boolean {
  return (OPEN_ORDER_STATUSES as readonly number[]).includes(statusId);
}

export type StatusDot = 'open' | 'available' | null;

/**
 * The list row's status dot (spec part 1, 'Orders list'): blue "available" for status 9,
 * red for the other open statuses (1, 7, 8), none otherwise.
 */
export function statusDot(statusId: number): StatusDot {
  if (statusId === AVAILABLE_ORDER_STATUS) return 'available';
  return isOpenStatus(statusId) ? 'open' : null;
}

const KEYWORD_FIELDS = [
  'shortDescription',
  'longDescription',
  'patientName',
  'orderNumber',
  'typeString',
  'statusString',
  'assignedToName',
  'providerName',
  'officeString',
  'dueDate',
] as const;

/**
 * The keyword filter over the orders loaded (docs/web.md): every word typed must appear,
 * ignoring case and accents, in one of the texts a row shows (description, patient,
 * order number, type, status, assignee, provider, office, due date).
 */
export function matchesKeyword(order: Partial<Record<(typeof KEYWORD_FIELDS)[number], string | null | undefined>>, keyword: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const words = fold(keyword).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(KEYWORD_FIELDS.map((name) => order[name] ?? '').join(' \u0000 '));
  return words.every((word) => haystack.includes(word));
}
