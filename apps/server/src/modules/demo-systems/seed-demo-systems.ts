import type { AuditLevel, FunctionGrant, GrantableRole, NodeFunction, NodeRef } from '@ks/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { notifyDeliveries, notifyMessages } from '../../db/schema/notify.ts';
import type { BusinessModule, EngineRegistry } from '../../engine/modules.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import { AuthorityService } from '../authority/service.ts';
import { DefinitionService } from '../builder/definition-service.ts';
import { BuilderService } from '../builder/service.ts';
import { CatalogueService } from '../catalogues/service.ts';
import { AnnexSlotService } from '../files/annex-slot-service.ts';
import { confirmDelivery } from '../notify/repository.ts';
import { attachDemoFiles } from './attachments.ts';
import { seedDemoHelp } from './help.ts';
import { MATERIAL_PRICE_SYSTEM } from './material-prices.ts';
import { seedDemoPlatformInfo } from './platform-info.ts';
import { seedDemoRecordChanges } from './record-changes.ts';
import { demoSeed, demoServices } from './services.ts';
import type { DemoActor, DemoAuditLevel, DemoNode, DemoRecord, DemoSystem } from './types.ts';
import { VENUE_RESERVATION_SYSTEM } from './venue-reservation.ts';

/** The business systems a new user can open at once, built the way a developer would build them. */
export const DEMO_BUSINESS_SYSTEMS: DemoSystem[] = [MATERIAL_PRICE_SYSTEM, VENUE_RESERVATION_SYSTEM];

const SEED_IP = '127.0.0.1';
const SEED_META = { ip: SEED_IP };
const ACTORS: DemoActor[] = ['admin', 'developer', 'enterprise', 'personnel', 'reviewer'];
const PASS_ADVICE = '经核实，同意';

type Actors = Record<DemoActor, SessionUser>;

/** The seeded demo accounts as the services see a caller: a session of the seed itself. */
async function loadActors(db: Db): Promise<Actors> {
  const rows = await db.select().from(users).where(inArray(users.account, ACTORS));
  const actors = {} as Actors;
  for (const actor of ACTORS) {
    const row = rows.find((one) => one.account === actor);
    if (!row) throw new Error(`demo account ${actor} missing: seed the demo accounts first`);
    actors[actor] = {
      id: row.id,
      userCode: row.userCode,
      userName: row.userName,
      loginRoleType: row.loginRoleType,
      enterpriseId: row.enterpriseId,
      sessionId: 'seed',
    };
  }
  return actors;
}

/** The node's grants per role turned into the permission page's grants per function. */
function functionGrants(node: DemoNode): FunctionGrant[] {
  const byFunction = new Map<NodeFunction, GrantableRole[]>();
  for (const [role, functions] of Object.entries(node.grants ?? {}) as [GrantableRole, NodeFunction[]][]) {
    for (const code of functions) byFunction.set(code, [...(byFunction.get(code) ?? []), role]);
  }
  return [...byFunction].map(([functionCode, roles]) => ({ functionCode, roles, orgIds: [] }));
}

/**
 * Builds the demo business systems through the platform's own services — catalogues, builder,
 * definitions, authority, records and workflow — as the developer, the administrators and the demo
 * enterprise would, so every table, migration, grant, revision, to-do and audit step is the real
 * thing. Pass the seeding transaction (and a file service on it): the services nest their
 * transactions inside it, so an empty database gets all of the demo or (on any failure) none of it.
 * The platform information and the help panel's content are seeded here too, by the administrator.
 */
export async function seedDemoSystems(
  db: Db,
  files: FileService,
  engine: EngineRegistry,
  modules: readonly BusinessModule[],
): Promise<void> {
  const actors = await loadActors(db);
  const catalogues = new CatalogueService(db, engine.actions);
  const authority = new AuthorityService(db, engine.actions);
  const builder = new BuilderService(db);
  const definitions = new DefinitionService(db, engine.actions);
  const services = demoServices(db, files, engine);
  const { records, workflow } = services;
  const annexSlots = new AnnexSlotService(db);

  // Catalogues first: the forms name them, and every record save checks its values against them.
  const created = { dictionaries: new Set<string>(), valueRanges: new Set<string>() };
  for (const system of DEMO_BUSINESS_SYSTEMS) {
    for (const dictionary of system.dictionaries) {
      if (created.dictionaries.has(dictionary.code)) continue;
      await catalogues.createDictionary(actors.developer, dictionary, SEED_IP);
      created.dictionaries.add(dictionary.code);
    }
    for (const range of system.valueRanges) {
      if (created.valueRanges.has(range.code)) continue;
      await catalogues.createValueRange(actors.developer, range, SEED_IP);
      created.valueRanges.add(range.code);
    }
  }

  const orgs = new Map<string, { id: string; members: DemoActor[] }>();
  for (const system of DEMO_BUSINESS_SYSTEMS) {
    for (const org of system.auditOrgs) {
      const saved = await authority.createAuditOrg(
        actors.admin,
        { name: org.name, memberIds: org.members.map((member) => actors[member].id) },
        SEED_IP,
      );
      orgs.set(org.name, { id: saved.id, members: org.members });
    }
  }
  const orgOf = (name: string) => {
    const org = orgs.get(name);
    if (!org) throw new Error(`demo audit organisation ${name} is not declared by its system`);
    return org;
  };
  const auditLevels = (levels: readonly DemoAuditLevel[]): AuditLevel[] =>
    levels.map((level) =>
      level.way === 'single'
        ? { ...pick(level), reviewerUserId: actors[level.reviewer].id, orgId: '' }
        : { ...pick(level), reviewerUserId: '', orgId: orgOf(level.org).id },
    );
  /** Who decides a level in the seed: its reviewer, or the first member of its organisation. */
  const deciderOf = (level: DemoAuditLevel): SessionUser =>
    actors[level.way === 'single' ? level.reviewer : (orgOf(level.org).members[0] as DemoActor)];

  const withRecords: { ref: NodeRef; node: DemoNode }[] = [];
  for (const system of DEMO_BUSINESS_SYSTEMS) {
    await builder.createSystem(
      actors.developer,
      { systemName: system.systemName, title: system.title, gnCoding: system.gnCoding, levels: '0' },
      SEED_IP,
    );
    const build = async (nodes: readonly DemoNode[], parentId: string | null): Promise<void> => {
      for (const node of nodes) {
        const menu = await builder.addNode(
          actors.developer,
          {
            systemCoding: system.gnCoding,
            parentId,
            title: node.title,
            icon: node.icon ?? '',
            nodeProperties: node.nodeProperties,
            gnCoding: node.gnCoding,
          },
          SEED_IP,
        );
        if (node.definition) {
          const levels = auditLevels(node.audit ?? []);
          await definitions.saveDraft(
            actors.developer,
            menu.id,
            { ...node.definition, audit: { levels } },
            0,
            SEED_IP,
          );
          await definitions.publish(actors.developer, menu.id, SEED_IP);
          for (const slot of node.annexSlots ?? [])
            await annexSlots.createSlot(actors.developer, { ...slot, gnCoding: node.gnCoding }, SEED_IP);
          if (node.records?.length)
            withRecords.push({ ref: { systemCoding: system.gnCoding, gnCoding: node.gnCoding }, node });
        }
        await authority.saveFunctions(
          actors.admin,
          {
            nodeId: menu.id,
            grants: functionGrants(node),
            visibleRoles: node.roles.filter((role): role is GrantableRole => role !== 'D'),
            version: 0,
          },
          SEED_IP,
        );
        if (node.children) await build(node.children, menu.id);
      }
    };
    await build(system.nodes, null);
  }

  for (const { ref, node } of withRecords) {
    for (const record of node.records ?? []) await seedRecord(ref, node, record);
  }
  await seedDemoRecordChanges(services, actors, SEED_IP);
  await seedDemoPlatformInfo(db, actors.admin, SEED_IP);
  await seedDemoHelp(db, files, actors.admin, SEED_IP);
  // Each business module's own demo data, in the list's order, through the same services.
  const seed = demoSeed(services, actors, SEED_IP);
  for (const module of modules) await module.demo?.(seed);
  await acknowledgeSeededOutcomes(db);

  /** Saves a sample record as its owner and walks it through the audit flow to its demo state. */
  async function seedRecord(ref: NodeRef, node: DemoNode, record: DemoRecord) {
    const owner = actors[record.owner];
    let saved = await records.writes.save(owner, { ...ref, values: record.values }, SEED_META);
    if (record.revision) {
      saved = await records.writes.updatePart(
        owner,
        { ...ref, id: saved.id, version: saved.version, values: record.revision },
        SEED_META,
      );
    }
    if (record.attachments?.length)
      await attachDemoFiles(db, files, owner, { ...ref, id: saved.id }, record.attachments, SEED_IP);
    if (record.state === 'draft') return;
    const submitted = await workflow.submit(owner, { ...ref, id: saved.id, version: saved.version }, SEED_IP);
    if (record.state === 'submitted') return;
    if (record.state === 'revoked') {
      await workflow.revoke(owner, { ...ref, id: saved.id, version: submitted.version }, SEED_IP);
      return;
    }
    const levels = [...(node.audit ?? [])].sort((a, b) => a.level - b.level);
    if (levels.length === 0)
      throw new Error(`demo node ${node.gnCoding} has records to review but no audit levels`);
    if (record.state === 'rejected') {
      const [first] = levels as [DemoAuditLevel];
      await workflow.audit(
        deciderOf(first),
        { ...ref, id: saved.id, result: 'reject', advice: record.advice ?? '资料不全，请补充后重新提交' },
        SEED_IP,
      );
      return;
    }
    const passing = record.state === 'level1' ? levels.slice(0, 1) : levels;
    for (const level of passing) {
      await workflow.audit(
        deciderOf(level),
        { ...ref, id: saved.id, result: 'pass', advice: record.advice ?? PASS_ADVICE },
        SEED_IP,
      );
    }
  }
}

const pick = ({ level, name, way }: DemoAuditLevel) => ({ level, name, way });

/**
 * The sample records' audits and the demo's cost check happened "before" anyone logged in: their
 * outcome and job-result banners count as acknowledged, so a new user's first screen is not covered
 * by a stack of demo history.
 */
async function acknowledgeSeededOutcomes(db: Db) {
  const pending = await db
    .select({ userId: notifyDeliveries.userId, messageId: notifyDeliveries.messageId })
    .from(notifyDeliveries)
    .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
    .where(
      and(
        isNull(notifyDeliveries.confirmedAt),
        inArray(notifyMessages.category, ['audit_rejected', 'audit_approved', 'job_result']),
      ),
    );
  for (const { userId, messageId } of pending) await confirmDelivery(db, userId, messageId);
}
