import type { FormInstance } from 'antd';
import { ERROR_CODES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError } from '@/lib/form-rules.ts';
import { isApiError } from '@/lib/http.ts';

export const CONFLICT_MESSAGE = '数据已被他人修改，请刷新后重试';

/** A 400 goes under the fields (or into a dialog); a stale version is said plainly. */
// biome-ignore lint/suspicious/noExplicitAny: any form's values will do; only field names are read.
export function reportSaveError(form: FormInstance<any>, error: unknown) {
  if (isApiError(error) && error.code === ERROR_CODES.CONFLICT)
    getFeedback().showDialog('warning', CONFLICT_MESSAGE);
  else reportFormError(form, error);
}

/** A refused delete (in use, gone) is told in a dialog. */
export function reportDeleteError(error: unknown) {
  if (isApiError(error) && (error.code === ERROR_CODES.BAD_REQUEST || error.code === ERROR_CODES.CONFLICT))
    getFeedback().showDialog('warning', error.message);
}
