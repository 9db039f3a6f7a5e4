import type { DeployConfig, PlatformInfo } from '@ks/contract/platform';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { queryClient } from '@/lib/query-client.ts';
import { getDeployConfigQueryOptions } from '@/shared/api/get-deploy-config.ts';
import { getPlatformInfoQueryOptions } from '@/shared/api/get-platform-info.ts';
import { AppRoot } from './app.tsx';

/**
 * Renders the app into the page's root. The stand-alone login hands over what it already read, so
 * the app does not ask again (decision 0035).
 */
export function bootApp(
  root: Root,
  known: { deployConfig?: DeployConfig; platformInfo?: PlatformInfo } = {},
) {
  if (known.deployConfig)
    queryClient.setQueryData(getDeployConfigQueryOptions().queryKey, known.deployConfig);
  if (known.platformInfo)
    queryClient.setQueryData(getPlatformInfoQueryOptions().queryKey, known.platformInfo);
  root.render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}
