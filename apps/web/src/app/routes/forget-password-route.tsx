export { ForgetPasswordPage as ForgetPasswordRoute } from '@/features/session/pages/forget-password-page.tsx';
