import { MyAttachmentsPage } from '@/features/files/pages/my-attachments-page.tsx';

/** 我的附件 (user centre): the uploaders on the user's own demo record. */
export function MyAttachmentsRoute() {
  return <MyAttachmentsPage />;
}
