import type { ThemeConfig } from '@ks/contract/shell';
import { create } from 'zustand';

type ThemePanelState = {
  isPanelOpen: boolean;
  /** What the panel shows and the page previews while it is open; saved when it closes. */
  draft: ThemeConfig | null;
  openPanel: (saved: ThemeConfig) => void;
  changeDraft: (change: Partial<ThemeConfig>) => void;
  closePanel: () => void;
};

export const useThemePanelStore = create<ThemePanelState>()((set) => ({
  isPanelOpen: false,
  draft: null,
  openPanel: (saved) => set({ isPanelOpen: true, draft: { ...saved } }),
  changeDraft: (change) => set((state) => (state.draft ? { draft: { ...state.draft, ...change } } : {})),
  closePanel: () => set({ isPanelOpen: false, draft: null }),
}));
