import {
  type DeployConfig,
  DeployConfigEnvelopeSchema,
  PlatformInfoEnvelopeSchema,
  UpdatePlatformInfoBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { PlatformInfoService } from './service.ts';

export const platformInfoRoutes: FastifyPluginAsyncZod<{
  platformInfo: PlatformInfoService;
  deployConfig: DeployConfig;
}> = async (app, { platformInfo, deployConfig }) => {
  const tags = ['platform'];

  app.get(
    '/ks/common/platform-info',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Platform information for the footer and title',
        response: { 200: PlatformInfoEnvelopeSchema },
      },
    },
    async () => ok(await platformInfo.get()),
  );

  app.put(
    '/ks/common/platform-info',
    {
      config: { access: { roles: ['M'] } },
      schema: {
        tags,
        summary: 'Edit platform information (administrators)',
        body: UpdatePlatformInfoBodySchema,
        response: { 200: PlatformInfoEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await platformInfo.update(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.get(
    '/ks/common/deploy-config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Login variant, deployment type, support-channel key',
        response: { 200: DeployConfigEnvelopeSchema },
      },
    },
    async () => ok(deployConfig),
  );
};
