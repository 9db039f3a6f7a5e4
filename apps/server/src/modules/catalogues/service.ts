import {
  BUILTIN_FUNCTIONS,
  type ButtonOption,
  type CreateDictionaryBody,
  type CreateStyleTemplateBody,
  type CreateValueRangeBody,
  DICTIONARY_CODE_TAKEN_MESSAGE,
  DICTIONARY_NOT_FOUND_MESSAGE,
  type DicPullDown,
  type Dictionary,
  dictionaryInUseMessage,
  NODE_FUNCTION_LABELS,
  STYLE_TEMPLATE_NAME_TAKEN_MESSAGE,
  STYLE_TEMPLATE_NOT_FOUND_MESSAGE,
  type StyleTemplate,
  type UpdateDictionaryBody,
  type UpdateStyleTemplateBody,
  type UpdateValueRangeBody,
  VALUE_RANGE_CODE_TAKEN_MESSAGE,
  VALUE_RANGE_NOT_FOUND_MESSAGE,
  type ValueRange,
  type ValueRangeOption,
  valueRangeInUseMessage,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { findNodesUsingSource, isUniqueViolation } from '../../engine/definition-usage.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

const toDictionary = (row: repo.DictionaryRow): Dictionary => ({
  id: row.id,
  code: row.code,
  name: row.name,
  items: row.items.map((item) => ({
    label: item.label,
    value: item.value,
    ...(item.isDisabled === undefined ? {} : { isDisabled: item.isDisabled }),
  })),
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

const toValueRange = (row: repo.ValueRangeRow): ValueRange => ({
  id: row.id,
  code: row.code,
  name: row.name,
  tree: row.tree as ValueRangeOption[],
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

const toStyleTemplate = (row: repo.StyleTemplateRow): StyleTemplate => ({
  id: row.id,
  name: row.name,
  style: row.style,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** Drops empty children arrays so a leaf is stored (and answered) as a leaf. */
function normaliseTree(tree: ValueRangeOption[]): ValueRangeOption[] {
  return tree.map((option) =>
    option.children?.length
      ? { label: option.label, value: option.value, children: normaliseTree(option.children) }
      : { label: option.label, value: option.value },
  );
}

/**
 * Dictionaries, value ranges and style templates. Codes are fixed once created because form items
 * refer to them; an entry a node's draft or published form still uses cannot be deleted.
 */
export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly actions: ModuleActions,
  ) {}

  // ————— dictionaries —————
  async findDictionaries(keyword: string): Promise<Dictionary[]> {
    return (await repo.findDictionaries(this.db, keyword)).map(toDictionary);
  }

  async createDictionary(user: SessionUser, body: CreateDictionaryBody, ip: string): Promise<Dictionary> {
    return this.uniquely(DICTIONARY_CODE_TAKEN_MESSAGE, () =>
      this.db.transaction(async (tx) => {
        if (await repo.findDictionaryByCode(tx, body.code)) throw conflict(DICTIONARY_CODE_TAKEN_MESSAGE);
        const row = await repo.insertDictionary(tx, body);
        await recordOperation(tx, {
          user,
          action: '新增字典',
          targetType: 'dictionary',
          targetId: row.code,
          targetName: row.name,
          detail: `${row.items.length}项`,
          ip,
        });
        return toDictionary(row);
      }),
    );
  }

  async updateDictionary(user: SessionUser, body: UpdateDictionaryBody, ip: string): Promise<Dictionary> {
    return this.db.transaction(async (tx) => {
      const row = await repo.updateDictionary(tx, body.id, body.version, {
        name: body.name,
        items: body.items,
      });
      if (!row) {
        if (!(await repo.findDictionary(tx, body.id))) throw notFound(DICTIONARY_NOT_FOUND_MESSAGE);
        throw conflict();
      }
      await recordOperation(tx, {
        user,
        action: '修改字典',
        targetType: 'dictionary',
        targetId: row.code,
        targetName: row.name,
        detail: `${row.items.length}项`,
        ip,
      });
      return toDictionary(row);
    });
  }

  async deleteDictionary(user: SessionUser, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Deleted first, asked second: the update waits for any draft save or publish holding the
      // entry (it share-locks what its items name), so the question below sees that definition too;
      // and for a delete of the same entry, after which there is nothing left to delete.
      const row = await repo.softDeleteDictionary(tx, id);
      if (!row) throw notFound(DICTIONARY_NOT_FOUND_MESSAGE);
      const nodes = await findNodesUsingSource(tx, 'dictionary', row.code);
      if (nodes.length) throw badRequest(dictionaryInUseMessage(nodes));
      await recordOperation(tx, {
        user,
        action: '删除字典',
        targetType: 'dictionary',
        targetId: row.code,
        targetName: row.name,
        ip,
      });
    });
  }

  /** A dictionary's items for a form's select (dic pull-down). */
  async getDictionaryPullDown(code: string): Promise<DicPullDown> {
    const row = await repo.findDictionaryByCode(this.db, code);
    if (!row) throw notFound(DICTIONARY_NOT_FOUND_MESSAGE);
    return { list: toDictionary(row).items, labelKey: 'label', valueKey: 'value' };
  }

  /**
   * The button dictionary: every built-in function with its label, then the actions modules
   * registered with their colours (decision 0030). An action no module registers (send, spread and
   * margin until the trading modules do) is not offered.
   */
  getButtonPullDown(): ButtonOption[] {
    return [
      ...BUILTIN_FUNCTIONS.map((code) => ({ label: NODE_FUNCTION_LABELS[code], value: code })),
      ...this.actions.list().map((action) => ({
        label: action.label,
        value: action.code,
        color: action.color,
        action: true,
      })),
    ];
  }

  // ————— value ranges —————
  async findValueRanges(keyword: string): Promise<ValueRange[]> {
    return (await repo.findValueRanges(this.db, keyword)).map(toValueRange);
  }

  async createValueRange(user: SessionUser, body: CreateValueRangeBody, ip: string): Promise<ValueRange> {
    return this.uniquely(VALUE_RANGE_CODE_TAKEN_MESSAGE, () =>
      this.db.transaction(async (tx) => {
        if (await repo.findValueRangeByCode(tx, body.code)) throw conflict(VALUE_RANGE_CODE_TAKEN_MESSAGE);
        const row = await repo.insertValueRange(tx, { ...body, tree: normaliseTree(body.tree) });
        await recordOperation(tx, {
          user,
          action: '新增值域',
          targetType: 'value-range',
          targetId: row.code,
          targetName: row.name,
          ip,
        });
        return toValueRange(row);
      }),
    );
  }

  async updateValueRange(user: SessionUser, body: UpdateValueRangeBody, ip: string): Promise<ValueRange> {
    return this.db.transaction(async (tx) => {
      const row = await repo.updateValueRange(tx, body.id, body.version, {
        name: body.name,
        tree: normaliseTree(body.tree),
      });
      if (!row) {
        if (!(await repo.findValueRange(tx, body.id))) throw notFound(VALUE_RANGE_NOT_FOUND_MESSAGE);
        throw conflict();
      }
      await recordOperation(tx, {
        user,
        action: '修改值域',
        targetType: 'value-range',
        targetId: row.code,
        targetName: row.name,
        ip,
      });
      return toValueRange(row);
    });
  }

  async deleteValueRange(user: SessionUser, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // As for a dictionary: deleted first, asked second.
      const row = await repo.softDeleteValueRange(tx, id);
      if (!row) throw notFound(VALUE_RANGE_NOT_FOUND_MESSAGE);
      const nodes = await findNodesUsingSource(tx, 'value-range', row.code);
      if (nodes.length) throw badRequest(valueRangeInUseMessage(nodes));
      await recordOperation(tx, {
        user,
        action: '删除值域',
        targetType: 'value-range',
        targetId: row.code,
        targetName: row.name,
        ip,
      });
    });
  }

  /** A value range's tree for a cascade. */
  async getValueRangeTree(code: string): Promise<ValueRangeOption[]> {
    const row = await repo.findValueRangeByCode(this.db, code);
    if (!row) throw notFound(VALUE_RANGE_NOT_FOUND_MESSAGE);
    return toValueRange(row).tree;
  }

  // ————— style templates —————
  async findStyleTemplates(): Promise<StyleTemplate[]> {
    return (await repo.findStyleTemplates(this.db)).map(toStyleTemplate);
  }

  async createStyleTemplate(
    user: SessionUser,
    body: CreateStyleTemplateBody,
    ip: string,
  ): Promise<StyleTemplate> {
    return this.uniquely(STYLE_TEMPLATE_NAME_TAKEN_MESSAGE, () =>
      this.db.transaction(async (tx) => {
        if (await repo.findStyleTemplateByName(tx, body.name))
          throw conflict(STYLE_TEMPLATE_NAME_TAKEN_MESSAGE);
        const row = await repo.insertStyleTemplate(tx, body);
        await recordOperation(tx, {
          user,
          action: '新增样式模板',
          targetType: 'style-template',
          targetId: row.id,
          targetName: row.name,
          ip,
        });
        return toStyleTemplate(row);
      }),
    );
  }

  async updateStyleTemplate(
    user: SessionUser,
    body: UpdateStyleTemplateBody,
    ip: string,
  ): Promise<StyleTemplate> {
    return this.uniquely(STYLE_TEMPLATE_NAME_TAKEN_MESSAGE, () =>
      this.db.transaction(async (tx) => {
        if (!(await repo.findStyleTemplate(tx, body.id))) throw notFound(STYLE_TEMPLATE_NOT_FOUND_MESSAGE);
        if (await repo.findStyleTemplateByName(tx, body.name, body.id))
          throw conflict(STYLE_TEMPLATE_NAME_TAKEN_MESSAGE);
        const row = await repo.updateStyleTemplate(tx, body.id, body.version, {
          name: body.name,
          style: body.style,
        });
        if (!row) throw conflict();
        await recordOperation(tx, {
          user,
          action: '修改样式模板',
          targetType: 'style-template',
          targetId: row.id,
          targetName: row.name,
          ip,
        });
        return toStyleTemplate(row);
      }),
    );
  }

  async deleteStyleTemplate(user: SessionUser, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.softDeleteStyleTemplate(tx, id);
      if (!row) throw notFound(STYLE_TEMPLATE_NOT_FOUND_MESSAGE);
      await recordOperation(tx, {
        user,
        action: '删除样式模板',
        targetType: 'style-template',
        targetId: row.id,
        targetName: row.name,
        ip,
      });
    });
  }

  /** Two saves racing past the pre-check meet the unique index: answer the same message. */
  private async uniquely<T>(message: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(message);
      throw error;
    }
  }
}
