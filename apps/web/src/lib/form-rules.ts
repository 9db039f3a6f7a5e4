import type { FormInstance, FormRule } from 'antd';
import { ERROR_CODES } from './constants.ts';
import { getFeedback } from './feedback.ts';
import { isApiError } from './http.ts';

/** What the adapter needs of a zod schema; structural, so the web app needs no zod import of its own. */
type Schema = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/**
 * Turns a contract schema into an antd rule, so forms show the same messages the server answers
 * with and nobody retypes a length or pattern by hand.
 */
export function zodRule(schema: Schema): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/**
 * Puts the server's `{field: message}` map (ApiError.data of a 400) under the form's fields.
 * `aliases` maps wire names to form names where they differ (passWord → password). Answers whether
 * anything was placed; when not, the caller still owes the person the error's message.
 */
export function placeFieldErrors(
  // biome-ignore lint/suspicious/noExplicitAny: any form's values will do; only field names are read.
  form: FormInstance<any>,
  error: unknown,
  aliases: Record<string, string> = {},
): boolean {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return false;
  const registered = new Set(Object.keys(form.getFieldsValue()));
  const fields = Object.entries(error.data)
    .map(([wireName, message]) => ({ name: aliases[wireName] ?? wireName, message }))
    .filter(
      (field): field is { name: string; message: string } =>
        registered.has(field.name) && typeof field.message === 'string',
    )
    .map(({ name, message }) => ({ name, errors: [message] }));
  form.setFields(fields);
  return fields.length > 0;
}

/**
 * onError of a form whose call keeps 400 quiet: the field map goes under the fields, a 400 without
 * one is told in the usual warning dialog. Other failures were already told by the HTTP client.
 */
export function reportFormError(
  // biome-ignore lint/suspicious/noExplicitAny: any form's values will do; only field names are read.
  form: FormInstance<any>,
  error: unknown,
  aliases: Record<string, string> = {},
) {
  if (!isApiError(error) || error.code !== ERROR_CODES.BAD_REQUEST) return;
  if (!placeFieldErrors(form, error, aliases)) getFeedback().showDialog('warning', error.message);
}
