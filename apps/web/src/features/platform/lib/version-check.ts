import { reloadPage } from '@/lib/navigation.ts';

export const VERSION_STORAGE_KEY = 'ks-platform-version';

/**
 * The page reloads when the server's version differs from the one stored, so nobody
 * keeps running an old build after a deployment. The first visit only records the version. The new
 * version is stored before reloading, so the reload cannot loop.
 */
export function checkServerVersion(version: string, reload: () => void = reloadPage) {
  if (!version) return false;
  const stored = localStorage.getItem(VERSION_STORAGE_KEY);
  localStorage.setItem(VERSION_STORAGE_KEY, version);
  if (stored === null || stored === version) return false;
  reload();
  return true;
}
