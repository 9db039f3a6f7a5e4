import {
  type FilterOption,
  type FormItem,
  type FormOption,
  type RevisionChange,
  type TableColumn,
  VALUE_KIND_OF,
  type WireRecord,
  type WireValue,
} from '@ks/contract';
import type { RecordEnvelope, ResolvedNode } from '../../engine/record-store.ts';
import { isOwnerSide } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';

/** How records are shown and compared: list columns, audit levels, revisions' changes, option labels. */

/** The list's columns: the published ones, or (none configured) one per shown form item and the status. */
export function columnsOf(node: ResolvedNode): TableColumn[] {
  const configured = node.definition.list.columns;
  if (configured.length) return configured;
  return [
    ...node.schema.items
      .filter((item) => item.show)
      .map((item) => ({
        code: item.code,
        name: item.name,
        show: true,
        type: 'text' as const,
        isSearch: false,
        isStatus: false,
        listAlignment: 'left' as const,
        width: 0,
        sortable: true,
      })),
    {
      code: 'status',
      name: '状态',
      show: true,
      type: 'status' as const,
      isSearch: false,
      isStatus: true,
      listAlignment: 'center' as const,
      width: 100,
      sortable: true,
    },
  ];
}

export const levelsOf = (levels: { level: number; name: string; way: 'single' | 'any' | 'all' }[]) =>
  levels.map(({ level, name, way }) => ({ level, name, way }));

/** Changed fields between two wire records, for a revision (field, name, old value, new value). */
export function diff(items: readonly FormItem[], before: WireRecord, after: WireRecord): RevisionChange[] {
  const changes: RevisionChange[] = [];
  for (const item of items) {
    const oldValue: WireValue = before[item.code] ?? null;
    const newValue: WireValue = after[item.code] ?? null;
    if (String(oldValue ?? '') !== String(newValue ?? '') || (oldValue === null) !== (newValue === null)) {
      if ((oldValue === null || oldValue === '') && (newValue === null || newValue === '')) continue;
      changes.push({ field: item.code, name: item.name, oldValue, newValue });
    }
  }
  return changes;
}

export function toFilterOptions(options: readonly FormOption[]): FilterOption[] {
  return options.map((option) => ({
    label: option.label,
    value: option.value,
    ...(option.children ? { children: toFilterOptions(option.children) } : {}),
  }));
}

/** value → label of an option tree (every level). */
export function labelMap(options: readonly FormOption[], into = new Map<string, string>()) {
  for (const option of options) {
    into.set(option.value, option.label);
    if (option.children) labelMap(option.children, into);
  }
  return into;
}

export const kindOf = (item: FormItem) => VALUE_KIND_OF[item.type];

/** A row's review state as rowOperations takes it, from a row read with its review-state columns. */
export const reviewState = (user: SessionUser, record: RecordEnvelope, row: Record<string, unknown>) => ({
  status: record.status,
  auditState: record.auditState,
  ownerSide: isOwnerSide(user, record),
  canAudit: row._can_audit === true,
  canRevoke: row._can_revoke === true,
});
