export { NoticeConfigPage as NoticeConfigRoute } from '@/features/notify/pages/notice-config-page.tsx';
