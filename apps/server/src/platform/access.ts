import { ERROR_CODES, type LoginRoleType } from '@ks/contract';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { notifyInstances } from './instance-bus.ts';

/**
 * Who may call a route. Every route under /ks declares one in `config.access`; a route without it
 * stops the server at start-up, so no route is public by accident.
 * - `public`: anyone;
 * - `session`: any logged-in user;
 * - `{ roles }`: logged-in users whose loginRoleType is listed.
 */
export type Access = 'public' | 'session' | { roles: readonly LoginRoleType[] };

/** The caller of a request with a live session. */
export interface SessionUser {
  id: string;
  userCode: string;
  userName: string;
  loginRoleType: LoginRoleType;
  enterpriseId: string | null;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the access guard on every non-public route. */
    sessionUser: SessionUser | null;
  }
}

/** Resolves a bearer token into its user, or throws the session code that explains why not. */
export type Authenticate = (token: string | null) => Promise<SessionUser>;

/** A route as the guard saw it, for the test that proves every route is guarded. */
export interface GuardedRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's declared request schemas: the hostile-input test fills them with hostile values. */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    guardedRoutes: GuardedRoute[];
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

export const accessPlugin = fp(async (app: FastifyInstance, options: { authenticate: Authenticate }) => {
  const routes: GuardedRoute[] = [];
  app.decorate('guardedRoutes', routes);
  app.decorateRequest('sessionUser', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/ks/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const user = await options.authenticate(bearerToken(request));
    request.sessionUser = user;
    if (access !== 'session' && !access.roles.includes(user.loginRoleType)) {
      throw new AppError(ERROR_CODES.FORBIDDEN);
    }
  });
});

/** The caller of a route whose access rule guarantees a session. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError(ERROR_CODES.TOKEN_INVALID);
  return request.sessionUser;
}

/**
 * Instance-bus announcements that a cached session is stale (decision 0038), queued in the
 * caller's transaction so every instance hears them on commit:
 * - `x`: session `s` ended (logout, token refresh);
 * - `u`: the sessions of user `u` ended, or the user changed (kick-out, password change, login
 *   elsewhere under SESSION_SINGLE, a new name).
 */
export type SessionAnnouncement = { t: 'x'; s: string } | { t: 'u'; u: string };

export const announceSessionEnded = (tx: Db, sessionId: string) =>
  notifyInstances(tx, { t: 'x', s: sessionId } satisfies SessionAnnouncement);

export const announceUserChanged = (tx: Db, userId: string) =>
  notifyInstances(tx, { t: 'u', u: userId } satisfies SessionAnnouncement);
