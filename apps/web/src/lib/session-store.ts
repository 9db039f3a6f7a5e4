import type { UserInfo } from '@ks/contract/session';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type SessionData = {
  token: string | null;
  expiresAt: string | null;
  userInfo: UserInfo | null;
  /** Role names of the specification ('admin' | 'developer' | 'user'), mapped with the contract's rolesOf. */
  roles: string[];
  isAdmin: boolean;
  isDev: boolean;
  /** Login answered codeStatus '2': the initial password must be changed before anything else. */
  mustChangePassword: boolean;
};

type SessionState = SessionData & {
  /** Message shown on the login page instead of a dialog; never persisted. */
  loginPrompt: string | null;
  setToken: (token: string, expiresAt: string) => void;
  setUser: (userInfo: UserInfo, roles: string[]) => void;
  setMustChangePassword: (mustChangePassword: boolean) => void;
  clearSession: () => void;
  setLoginPrompt: (message: string | null) => void;
};

const EMPTY_SESSION: SessionData = {
  token: null,
  expiresAt: null,
  userInfo: null,
  roles: [],
  isAdmin: false,
  isDev: false,
  mustChangePassword: false,
};

export const SESSION_STORAGE_KEY = 'ks-session';

/**
 * The session lives in sessionStorage: it survives a reload but ends with the tab.
 * Storage is synchronous, so the store is hydrated before the router's guards first run.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...EMPTY_SESSION,
      loginPrompt: null,
      setToken: (token, expiresAt) => set({ token, expiresAt }),
      setUser: (userInfo, roles) =>
        set({
          userInfo,
          roles,
          isAdmin: roles.includes('admin'),
          isDev: userInfo.loginRoleType === 'D',
        }),
      setMustChangePassword: (mustChangePassword) => set({ mustChangePassword }),
      clearSession: () => set({ ...EMPTY_SESSION }),
      setLoginPrompt: (loginPrompt) => set({ loginPrompt }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ token, expiresAt, userInfo, roles, isAdmin, isDev, mustChangePassword }) => ({
        token,
        expiresAt,
        userInfo,
        roles,
        isAdmin,
        isDev,
        mustChangePassword,
      }),
    },
  ),
);

export const getToken = () => useSessionStore.getState().token;

/** Where this user lands: the server's homeUrl from user-info, once known. */
export const getHomeUrl = () => useSessionStore.getState().userInfo?.homeUrl ?? null;
