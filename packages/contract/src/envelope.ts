import { z } from 'zod';

/** Every JSON answer of the platform: `code` 200 is success, anything else is an error code of `errors.ts`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data, message: z.string() });

export type Envelope<T> = { code: number; data: T; message: string };

/** Answer of a call that returns nothing but success. */
export const EmptyEnvelopeSchema = envelopeOf(z.null());

/** A page of rows, as every list call returns it. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    records: z.array(row),
    total: z.number().int(),
    curPage: z.number().int(),
    pageSize: z.number().int(),
  });
