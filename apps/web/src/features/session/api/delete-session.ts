import { useMutation } from '@tanstack/react-query';
import { SESSION_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { endSession } from '@/lib/session.ts';

/**
 * GET /ks/common/logout. The local session ends whatever the server says: a person who asked to
 * leave must not stay logged in because the server was unreachable or the token had already expired.
 */
export async function deleteSession() {
  try {
    // Quiet about an already-ended session too: this call ends it itself, without the expiry dialog.
    await http.get<null>('/ks/common/logout', { quiet: true, quietCodes: SESSION_CODES });
  } catch {
    // Nothing to show: the page leaves for /login either way.
  } finally {
    endSession();
  }
}

export const useDeleteSession = () => useMutation({ mutationFn: deleteSession });
