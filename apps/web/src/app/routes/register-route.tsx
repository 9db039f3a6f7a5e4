export { RegisterPage as RegisterRoute } from '@/features/session/pages/register-page.tsx';
