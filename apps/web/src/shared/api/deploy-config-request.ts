import type { DeployConfig } from '@ks/contract/platform';
import { shellHttp } from '@/lib/http.ts';

// Apart from its query (get-deploy-config.ts): the stand-alone login reads it without a query client.
export const getDeployConfig = () =>
  shellHttp.get<DeployConfig>('/ks/common/deploy-config', { isToken: false });
