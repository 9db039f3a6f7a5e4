import type { PlatformInfo } from '@ks/contract/platform';
import { shellHttp } from '@/lib/http.ts';

// Apart from its query (get-platform-info.ts): the stand-alone login reads it without a query client.
export const getPlatformInfo = () =>
  shellHttp.get<PlatformInfo>('/ks/common/platform-info', { isToken: false });
