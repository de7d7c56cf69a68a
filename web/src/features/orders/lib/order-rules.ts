import type { OrderStatus, OrderType } from '@/api/orders/keys';
import { AVAILABLE_ORDER_STATUS, LOCKED_DESCRIPTION_ORDER_TYPE } from './constants';

/**
 * Which types a user may choose and which statuses count as open are the server's rules
 * (spec part 1, sections 4 and 9: types 1-4, 100-102 and above 110; statuses 1, 7 and 8):
 * `GET /api/orderTypes` answers `selectable` per type and `GET /api/orderStatuses` `open`
 * per status, and the app keeps no copy of them (docs/web.md, 'The contract').
 */
export function isSelectableType(types: readonly OrderType[], typeId: number): boolean {
  return types.some((t) => t.typeId === typeId && t.selectable);
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
  if (typeof editingTypeId === 'number' && !isSelectableType(types, editingTypeId)) {
    const own = types.find((t) => t.typeId === editingTypeId) ?? { typeId: editingTypeId, type: `Type ${editingTypeId}`, selectable: false };
    return { choices: [own], disabled: true };
  }
  return { choices: types.filter((t) => t.selectable), disabled: false };
}

/** Editing a type 50 order leaves its long description as it is (the field is disabled). */
export function isLongDescriptionLocked(mode: 'create' | 'edit', storedTypeId: number | null | undefined): boolean {
  return mode === 'edit' && storedTypeId === LOCKED_DESCRIPTION_ORDER_TYPE;
}

/** The ids of the statuses the server counts as open. */
export function openStatusIds(statuses: readonly OrderStatus[]): number[] {
  return statuses.filter((s) => s.open).map((s) => s.orderStatusId);
}

export function isOpenStatus(statuses: readonly OrderStatus[], statusId: number): boolean {
  return statuses.some((s) => s.orderStatusId === statusId && s.open);
}

export type StatusDot = 'open' | 'available' | null;

/**
 * The list row's status dot (spec part 1, 'Orders list'): blue "available" for status 9,
 * red for the other statuses the server counts as open, none otherwise. Until the
 * statuses have loaded only the blue dot is known; the red one follows (the dot is
 * decorative: the status is written beside it).
 */
export function statusDot(statusId: number, statuses: readonly OrderStatus[] | undefined): StatusDot {
  if (statusId === AVAILABLE_ORDER_STATUS) return 'available';
  return statuses && isOpenStatus(statuses, statusId) ? 'open' : null;
}
