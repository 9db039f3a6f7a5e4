import {
  AUDIT_STATE_LABELS,
  auditStateName,
  type Button,
  CHART_NOT_FOUND_MESSAGE,
  type ChartData,
  FIXED_OPTIONS,
  type FilterFields,
  type FilterOption,
  FORM_BUTTONS,
  type FormItem,
  type FormOption,
  fromWire,
  functionName,
  type NodeRef,
  optionsUnder,
  parentsOf,
  RECORD_STATUS_LABELS,
  RECORD_STATUSES,
  statusName,
  TABLE_BUTTONS,
} from '@ks/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { enterpriseOwnerOf, type OnBehalfNodes, type RecordOwner } from '../../engine/on-behalf.ts';
import { type OptionProviders, optionCaller } from '../../engine/option-providers.ts';
import { resolveOptions } from '../../engine/option-sources.ts';
import { col, loadRecord, recordNotFound, type StoredRecord } from '../../engine/record-store.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { definitionContext, type NodeContext, nodeContext, viewScope } from './context.ts';
import { fieldOf } from './filter-compiler.ts';
import { labelMap, toFilterOptions } from './record-views.ts';
import * as repo from './repository.ts';

/** What a node's forms and lists offer: field options, filter cards, buttons and charts. */
export class RecordOptions {
  constructor(
    private readonly db: Db,
    private readonly actions: ModuleActions,
    private readonly providers: OptionProviders,
    private readonly onBehalf: OnBehalfNodes,
  ) {}

  /** The options of a field: its own list, its source (dictionary, value range) or the platform's fixed set. */
  async optionsOf(item: FormItem): Promise<FormOption[]> {
    const fixed = FIXED_OPTIONS[item.type];
    if (fixed) return fixed.map((value) => ({ label: value, value }));
    if (item.source.kind !== 'static') return (await resolveOptions(this.db, item.source)) ?? [];
    return item.options?.list ?? [];
  }

  /**
   * The options a form's select offers this caller: the field's own, or what a module's provider
   * answers for the caller, the record being edited (read within the caller's view scope, so an id
   * names no record the caller may not read) and the enterprise it is for: a saved record's owner, or
   * on a new one the enterprise an administrator enters it for (decision 0060; checked as the save
   * checks it, whether or not the field has a provider).
   */
  private async offeredOptions(
    user: SessionUser,
    context: NodeContext,
    item: FormItem,
    which: { id?: string | undefined; ownerUserId?: string | undefined },
  ): Promise<FormOption[]> {
    const { node } = context;
    // On a saved record its own owner counts, whatever is sent.
    const chosen =
      which.ownerUserId && !which.id
        ? await this.onBehalf.chosenOwner(this.db, user, node, which.ownerUserId)
        : null;
    const options = await this.optionsOf(item);
    const provide = this.providers.providerOf(node, item.code);
    if (!provide) return options;
    let record: StoredRecord | null = null;
    let owner: RecordOwner | null = chosen;
    if (which.id) {
      record = await loadRecord(
        this.db,
        node.tableName,
        which.id,
        node.schema.items,
        viewScope(user, context),
      );
      if (!record) throw recordNotFound();
      owner = await enterpriseOwnerOf(this.db, record.ownerUserId);
    }
    return provide({
      db: this.db,
      caller: await optionCaller(this.db, user),
      node,
      item,
      record,
      owner,
      options,
    });
  }

  private itemOf(context: NodeContext, code: string): FormItem {
    const item = context.node.schema.itemsByCode.get(code);
    if (!item) throw notFound('字段不存在');
    return item;
  }

  async filterFields(user: SessionUser, body: NodeRef & { displayCode: string }): Promise<FilterFields> {
    const context = await definitionContext(this.db, user, body);
    const card = context.node.definition.list.filters.find((one) => one.displayCode === body.displayCode);
    if (!card) throw notFound('筛选不存在');
    const result = [];
    for (const entry of card.displayList) {
      let dataList: FilterOption[] = entry.dataList;
      if (dataList.length === 0) {
        if (entry.code === 'status') {
          dataList = RECORD_STATUSES.map((value) => ({ label: RECORD_STATUS_LABELS[value], value }));
        } else if (entry.code === 'audit_state') {
          dataList = Object.entries(AUDIT_STATE_LABELS)
            .filter(([value]) => value !== '')
            .map(([value, label]) => ({ label, value }));
        } else {
          const item = context.node.schema.itemsByCode.get(entry.code);
          dataList = item ? toFilterOptions(await this.optionsOf(item)) : [];
        }
      }
      result.push({ ...entry, dataList });
    }
    return { code: card.displayCode, result };
  }

  /**
   * Options of a field for a select; with `key` (the parent's value) the children of the parent's
   * chosen option, or the field's own options tagged with that parent value (rangeKey).
   */
  async pullDown(
    user: SessionUser,
    body: NodeRef & {
      displayCode: string;
      key?: string | undefined;
      whereStr?: string | undefined;
      id?: string | undefined;
      ownerUserId?: string | undefined;
    },
  ) {
    const context = await definitionContext(this.db, user, body);
    const item = this.itemOf(context, body.displayCode);
    let list = await this.offeredOptions(user, context, item, body);
    if (body.key !== undefined && body.key !== '') {
      const [parentCode] = parentsOf(item);
      const parent = parentCode === undefined ? undefined : context.node.schema.itemsByCode.get(parentCode);
      // The key is the parent's wire value: a cascader's path comes joined by '/'. Without a parent,
      // the key names an option of the field's own tree, and nothing else is offered.
      list = parent
        ? [
            ...optionsUnder(
              list,
              await this.optionsOf(parent),
              fromWire(parent.type, body.key) as string | string[],
              list,
              parent.type,
            ),
          ]
        : [...optionsUnder(list, list, body.key, [])];
    }
    if (body.whereStr) {
      const needle = body.whereStr.toLowerCase();
      list = list.filter((option) => option.label.toLowerCase().includes(needle));
    }
    return {
      result: {
        list,
        labelKey: item.options?.labelKey ?? 'label',
        valueKey: item.options?.valueKey ?? 'value',
      },
    };
  }

  async certCascade(
    user: SessionUser,
    body: NodeRef & { displayCode: string; id?: string | undefined; ownerUserId?: string | undefined },
  ) {
    const context = await definitionContext(this.db, user, body);
    const item = this.itemOf(context, body.displayCode);
    return { code: item.code, data: await this.offeredOptions(user, context, item, body) };
  }

  async buttons(user: SessionUser, ref: NodeRef, where: 'table' | 'form'): Promise<Button[]> {
    const context = await definitionContext(this.db, user, ref);
    const place = where === 'table' ? TABLE_BUTTONS : FORM_BUTTONS;
    const buttons: Button[] = context.functions
      .filter((code) => place.includes(code))
      .map((code) => ({ code, name: where === 'table' && code === 'save' ? '新增' : functionName(code) }));
    // Module actions act on one record: the form shows them, the table toolbar does not.
    if (where === 'form')
      for (const action of this.actions.offeredBy(context.functions))
        buttons.push({ code: action.code, name: action.label, color: action.color });
    return buttons;
  }

  /** A chart's series aggregated on the server over the rows the caller may read. */
  async chartData(user: SessionUser, body: NodeRef & { chartId: string }): Promise<ChartData> {
    const context = await nodeContext(this.db, user, body);
    const { node } = context;
    const chart = node.definition.charts.find((one) => one.id === body.chartId);
    if (!chart) throw notFound(CHART_NOT_FOUND_MESSAGE);
    const dimension = fieldOf(context.fields, chart.dimension);
    const column = col(dimension.code);
    const category =
      dimension.kind === 'multi' || dimension.kind === 'path' || dimension.kind === 'daterange'
        ? sql`array_to_string(${column}, ${dimension.kind === 'path' ? '/' : dimension.kind === 'multi' ? ';' : ','})`
        : dimension.kind === 'datetime'
          ? sql`to_char(${column}, 'YYYY-MM-DD')`
          : sql`${column}::text`;
    let measure = sql`count(*)::float8`;
    if (chart.measure !== 'count') {
      const field = fieldOf(context.fields, chart.measureField);
      if (field.kind !== 'number' && field.kind !== 'integer') throw badRequest('统计字段须为数字字段');
      measure =
        chart.measure === 'sum'
          ? sql`coalesce(sum(${col(field.code)}), 0)::float8`
          : sql`coalesce(avg(${col(field.code)}), 0)::float8`;
    }
    const rows = await repo.aggregate(this.db, node.tableName, category, measure, viewScope(user, context));
    const labels = dimension.item
      ? labelMap(await this.optionsOf(dimension.item))
      : new Map<string, string>();
    const labelOf = (value: string | null) => {
      if (value === null || value === '') return '未填写';
      if (dimension.code === 'status') return statusName(value);
      if (dimension.code === 'audit_state') return auditStateName(value);
      if (dimension.kind === 'boolean') return value === 'true' ? '是' : '否';
      return value
        .split(dimension.kind === 'multi' ? ';' : dimension.kind === 'path' ? '/' : '\u0000')
        .map((part) => labels.get(part) ?? part)
        .join(dimension.kind === 'multi' ? ';' : '/');
    };
    return {
      categories: rows.map((row) => labelOf(row.category)),
      series: rows.map((row) => Number(row.value)),
    };
  }
}
