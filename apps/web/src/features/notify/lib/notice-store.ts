import type { PushMessage } from '@ks/contract/notify';
import { create } from 'zustand';

/** The notice store of the specification: type, msg, title, url, urlName, msgId, show. */
export type Notice = {
  /** 1 banner, 2 titled notice with an attachment link. */
  type: 1 | 2;
  msg: string;
  title: string;
  /** Download path of the attachment ('' without one). */
  url: string;
  urlName: string;
  msgId: number;
  show: boolean;
};

type NoticeState = {
  /** Notices waiting for confirmation, oldest first; the banner and the modal each show their first. */
  notices: Notice[];
  /** Adds a pushed message; one already held (a replay after reconnecting) is not added twice. */
  addMessage: (message: PushMessage) => void;
  /** Removes the notice locally (after its confirmation, or for msgId -99). */
  removeNotice: (msgId: number) => void;
  clearNotices: () => void;
};

export const noticeOf = (message: PushMessage): Notice => ({
  type: message.msgType,
  msg: message.messages,
  title: message.title,
  url: message.attachment,
  urlName: message.fileName,
  msgId: message.msgId,
  show: message.show,
});

export const useNoticeStore = create<NoticeState>()((set) => ({
  notices: [],
  addMessage: (message) =>
    set((state) =>
      state.notices.some((notice) => notice.msgId === message.msgId)
        ? state
        : { notices: [...state.notices, noticeOf(message)] },
    ),
  removeNotice: (msgId) =>
    set((state) => ({ notices: state.notices.filter((notice) => notice.msgId !== msgId) })),
  clearNotices: () => set({ notices: [] }),
}));

export const selectBanner = (state: NoticeState) => state.notices.find((n) => n.type === 1 && n.show) ?? null;
export const selectModalNotice = (state: NoticeState) =>
  state.notices.find((n) => n.type === 2 && n.show) ?? null;
