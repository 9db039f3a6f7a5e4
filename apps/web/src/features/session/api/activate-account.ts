import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** POST /ks/common/activate: activates the account of the link; it then logs in like any other. */
export const activateAccount = (activationCode: string) =>
  http.post<null>('/ks/common/activate', { activationCode }, { isToken: false });

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
