import { z } from 'zod';
import { rowId, rowIdText } from './common';

/** Spec 9: what a pin may point at; `other` pins are links with a title. */
export const PIN_REFERENCE_TYPES = ['task', 'objective', 'assessment', 'other'] as const;
export const PIN_LISTS = ['general', 'personal'] as const;
export const MAX_PINS_PER_LIST = 30;

export const pin = z.object({
  id: z.number(),
  reference_type: z.enum(PIN_REFERENCE_TYPES),
  reference_id: z.number().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  position: z.number().int(),
});
export type Pin = z.infer<typeof pin>;

/** Spec 7.10 `GET pins` reads resource.pins: the general list, the personal list, is_owner. */
export const pinsResource = z.object({
  pins: z.object({ general: z.array(pin), personal: z.array(pin) }),
  /** Whether the caller keeps the general list. */
  is_owner: z.boolean(),
});
export const pinsQuery = z.object({ workspace_id: rowIdText });

const pinInput = z.discriminatedUnion('reference_type', [
  z.object({
    reference_type: z.enum(['task', 'objective', 'assessment']),
    reference_id: rowId,
  }),
  z.object({
    reference_type: z.literal('other'),
    title: z.string().trim().min(1).max(200),
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\//i),
  }),
]);
/** Replaces one list with the given pins, in order. */
export const savePinsBody = z.object({
  workspace_id: rowId,
  list: z.enum(PIN_LISTS),
  pins: z.array(pinInput).max(MAX_PINS_PER_LIST),
});
