import type { UserInfo } from '@ks/contract/session';
import { http } from '@/lib/http.ts';

export const getUserInfo = () => http.get<UserInfo>('/ks/individual/user-info');
