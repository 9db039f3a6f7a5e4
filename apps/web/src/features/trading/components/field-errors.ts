import type { FormInstance } from 'antd';
import { ERROR_CODES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';

/**
 * Puts the server's `{field: message}` map under the fields, nested paths included
 * (`sections.0.saleEndAt` → ['sections', 0, 'saleEndAt']); a 400 naming no field of the form is told
 * in the usual warning dialog. Other failures were already told by the HTTP client.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's values will do; only field names are read.
export function placeServerErrors(form: FormInstance<any>, error: unknown) {
  if (!isApiError(error) || error.code !== ERROR_CODES.BAD_REQUEST) return;
  const data =
    typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  const all = Object.entries(data)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([path, message]) => ({
      name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [message],
    }));
  const placed = all.filter((field) => form.getFieldInstance(field.name) !== undefined);
  form.setFields(placed);
  // A message with no field of its own on the form (the sections as a whole) is still told.
  if (placed.length < all.length || all.length === 0) getFeedback().showDialog('warning', error.message);
}
