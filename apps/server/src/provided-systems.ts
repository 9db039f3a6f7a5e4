import type { AuditLevel, FunctionGrant, GrantableRole, NodeFunction } from '@ks/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { providedSystems, users } from './db/schema/index.ts';
import type { EngineRegistry } from './engine/modules.ts';
import type { ProvidedNode, ProvidedSystem } from './engine/provided-systems.ts';
import { AuthorityService } from './modules/authority/service.ts';
import { DefinitionService } from './modules/builder/definition-service.ts';
import { BuilderService } from './modules/builder/service.ts';
import { CatalogueService } from './modules/catalogues/service.ts';
import { AnnexSlotService } from './modules/files/annex-slot-service.ts';
import type { SessionUser } from './platform/access.ts';

const PROVISION_IP = '127.0.0.1';

/** The live, active administrators, oldest first: the first acts for the provisioning. */
async function administrators(db: Db): Promise<SessionUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.loginRoleType, 'M'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.userCode));
  return rows.map((row) => ({
    id: row.id,
    userCode: row.userCode,
    userName: row.userName,
    loginRoleType: row.loginRoleType,
    enterpriseId: row.enterpriseId,
    sessionId: 'provision',
  }));
}

const functionGrants = (node: ProvidedNode): FunctionGrant[] => {
  const byFunction = new Map<NodeFunction, GrantableRole[]>();
  for (const [role, functions] of Object.entries(node.grants ?? {}) as [GrantableRole, NodeFunction[]][])
    for (const code of functions) byFunction.set(code, [...(byFunction.get(code) ?? []), role]);
  return [...byFunction].map(([functionCode, roles]) => ({ functionCode, roles, orgIds: [] }));
};

/**
 * Builds every module-provided system that was never built (decision 0049), each in one
 * transaction through the builder's, catalogues', authority's and files' own services, acting as
 * the first administrator. A `provided_systems` row claims the system first: a second instance
 * starting at the same time waits on it and then skips, and a system once built is never rebuilt,
 * whatever the administrators did with it since. Without any administrator nothing can be audited,
 * so nothing is built: the next start (or the demo seed) builds it. Returns the codes built.
 */
export async function ensureProvidedSystems(
  db: Db,
  engine: Pick<EngineRegistry, 'systems' | 'actions'>,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<string[]> {
  const built: string[] = [];
  for (const system of engine.systems.list()) {
    const done = await db.transaction(async (tx) => {
      const admins = await administrators(tx);
      const actor = admins[0];
      if (!actor) {
        log?.warn({ system: system.gnCoding }, 'no administrator yet: the provided system is built later');
        return false;
      }
      const [claimed] = await tx
        .insert(providedSystems)
        .values({ systemCoding: system.gnCoding, module: system.module })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return false;
      await buildSystem(tx, engine, system, actor, admins);
      return true;
    });
    if (done) {
      built.push(system.gnCoding);
      log?.info({ system: system.gnCoding, module: system.module }, 'provided system built');
    }
  }
  return built;
}

async function buildSystem(
  tx: Db,
  engine: Pick<EngineRegistry, 'actions'>,
  system: ProvidedSystem,
  actor: SessionUser,
  admins: SessionUser[],
) {
  const catalogues = new CatalogueService(tx, engine.actions);
  const authority = new AuthorityService(tx, engine.actions);
  const builder = new BuilderService(tx);
  const definitions = new DefinitionService(tx, engine.actions);
  const annexSlots = new AnnexSlotService(tx);
  for (const dictionary of system.dictionaries) {
    await catalogues.createDictionary(
      actor,
      { code: dictionary.code, name: dictionary.name, items: await dictionary.items(tx) },
      PROVISION_IP,
    );
  }
  let orgId = '';
  const audited = (nodes: readonly ProvidedNode[]): boolean =>
    nodes.some((node) => node.auditByAdministrators || audited(node.children ?? []));
  if (audited(system.nodes)) {
    const org = await authority.createAuditOrg(
      actor,
      { name: system.auditOrgName, memberIds: admins.map((admin) => admin.id) },
      PROVISION_IP,
    );
    orgId = org.id;
  }
  await builder.createSystem(
    actor,
    { systemName: system.systemName, title: system.title, gnCoding: system.gnCoding, levels: '0' },
    PROVISION_IP,
  );
  const build = async (nodes: readonly ProvidedNode[], parentId: string | null): Promise<void> => {
    for (const node of nodes) {
      const menu = await builder.addNode(
        actor,
        {
          systemCoding: system.gnCoding,
          parentId,
          title: node.title,
          icon: node.icon ?? '',
          nodeProperties: node.nodeProperties,
          gnCoding: node.gnCoding,
        },
        PROVISION_IP,
      );
      if (node.definition) {
        const levels: AuditLevel[] = node.auditByAdministrators
          ? [{ level: 1, name: '管理员审核', way: 'any', reviewerUserId: '', orgId }]
          : [];
        await definitions.saveDraft(
          actor,
          menu.id,
          { ...node.definition, audit: { levels } },
          0,
          PROVISION_IP,
        );
        await definitions.publish(actor, menu.id, PROVISION_IP);
        for (const slot of node.annexSlots ?? [])
          await annexSlots.createSlot(actor, { ...slot, gnCoding: node.gnCoding }, PROVISION_IP);
      }
      await authority.saveFunctions(
        actor,
        { nodeId: menu.id, grants: functionGrants(node), visibleRoles: node.visibleRoles, version: 0 },
        PROVISION_IP,
      );
      if (node.children) await build(node.children, menu.id);
    }
  };
  await build(system.nodes, null);
}
