import type { ComponentType } from 'react';
import { NoticeOverlays } from '@/features/notify/components/notice-overlays.tsx';
import { CustomerServiceWidget } from '@/features/shell/components/customer-service-widget.tsx';
import { ImportantNoticeBox } from '@/features/shell/components/important-notice-box.tsx';
import { PracticeStatusDialog } from '@/features/shell/components/practice-status-dialog.tsx';

/**
 * Overlays that features contribute to every logged-in page (notice banner and modal, practice
 * status dialog, customer-service widget, …). Rendered once by the shell layout.
 */
const GLOBAL_OVERLAYS: { key: string; Component: ComponentType }[] = [
  { key: 'notices', Component: NoticeOverlays },
  { key: 'practice-status', Component: PracticeStatusDialog },
  { key: 'important-notice', Component: ImportantNoticeBox },
  { key: 'customer-service', Component: CustomerServiceWidget },
];

export function GlobalOverlays() {
  return (
    <>
      {GLOBAL_OVERLAYS.map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </>
  );
}
