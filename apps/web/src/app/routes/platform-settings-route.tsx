export { PlatformSettingsPage as PlatformSettingsRoute } from '@/features/platform/pages/platform-settings-page.tsx';
