import {
  type CostRuleConfig,
  CostRuleConfigSchema,
  type CostRuleSet,
  type SaveCostRulesBody,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { DEFAULT_COST_RULES } from './rules-defaults.ts';
import * as repo from './rules-repository.ts';

export const RULES_STALE_MESSAGE = '规则配置已有更新的版本，请刷新后在最新版本上修改';
export const RULES_VERSION_MISSING_MESSAGE = '规则配置版本不存在';

type Row = repo.RuleSetRow;

/**
 * The cost check's rule configuration (decision 0045): versions, never edited in place. Each save
 * by an administrator inserts the next version; runs read the newest and record its number.
 */
export class CostRulesService {
  constructor(private readonly db: Db) {}

  /** Seeds version 1 with docs/domain.md's values, once (a second instance's insert does nothing). */
  async ensureDefault(): Promise<void> {
    await repo.insertVersionOnce(this.db, {
      version: 1,
      config: DEFAULT_COST_RULES,
      note: '默认规则（造价文件检查 C1–C20 的初始取值）',
    });
  }

  /** The newest version: what a run uses now. */
  async current(db: Db = this.db): Promise<{ version: number; config: CostRuleConfig }> {
    const row = await repo.newestVersion(db);
    if (!row) throw notFound(RULES_VERSION_MISSING_MESSAGE);
    return { version: row.version, config: CostRuleConfigSchema.parse(row.config) };
  }

  async find(version?: number): Promise<CostRuleSet> {
    const latest = await this.latestVersion();
    const row = await repo.versionRow(this.db, version ?? latest);
    if (!row) throw notFound(RULES_VERSION_MISSING_MESSAGE);
    return toRuleSet(row, latest);
  }

  async versions(): Promise<Omit<CostRuleSet, 'config'>[]> {
    const rows = await repo.allVersions(this.db);
    const latest = rows[0]?.version ?? 0;
    return rows.map(({ config: _config, ...row }) => {
      const { config: _c, ...set } = toRuleSet({ ...row, config: DEFAULT_COST_RULES }, latest);
      return set;
    });
  }

  /** Saves a new version on top of `baseVersion`; a newer version saved meanwhile is a conflict. */
  async save(admin: SessionUser, body: SaveCostRulesBody, ip: string): Promise<CostRuleSet> {
    const row = await this.db.transaction(async (tx) => {
      // One save at a time: the lock makes "read the newest, insert the next" atomic.
      await repo.lockVersions(tx);
      const latest = await this.latestVersion(tx);
      if (body.baseVersion !== latest) throw conflict(RULES_STALE_MESSAGE);
      const inserted = await repo.insertVersion(tx, {
        version: latest + 1,
        config: body.config,
        note: body.note,
        createdBy: admin.id,
        createdByName: admin.userName,
      });
      await recordOperation(tx, {
        user: admin,
        action: '保存造价检测规则',
        targetType: 'cost_rule_set',
        targetId: String(inserted.version),
        targetName: `规则版本 ${inserted.version}`,
        detail: body.note,
        ip,
      });
      return inserted;
    });
    return toRuleSet(row, row.version);
  }

  private latestVersion(db: Db = this.db): Promise<number> {
    return repo.latestVersion(db);
  }
}

function toRuleSet(row: Row, latest: number): CostRuleSet {
  return {
    version: row.version,
    config: CostRuleConfigSchema.parse(row.config),
    note: row.note,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    current: row.version === latest,
  };
}
