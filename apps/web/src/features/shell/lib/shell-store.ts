import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type ShellState = {
  /** The system whose menu the aside shows; kept for the tab like the session. */
  systemCoding: string | null;
  isAsideCollapsed: boolean;
  setSystemCoding: (systemCoding: string) => void;
  toggleAside: () => void;
};

export const useShellStore = create<ShellState>()(
  persist(
    (set) => ({
      systemCoding: null,
      isAsideCollapsed: false,
      setSystemCoding: (systemCoding) => set({ systemCoding }),
      toggleAside: () => set((state) => ({ isAsideCollapsed: !state.isAsideCollapsed })),
    }),
    { name: 'ks-shell', storage: createJSONStorage(() => sessionStorage) },
  ),
);
