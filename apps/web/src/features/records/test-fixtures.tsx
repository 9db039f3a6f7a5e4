import type {
  ChartDefinition,
  ListSetup,
  NodeDefinition,
  PublishedNode,
  TableColumn,
} from '@ks/contract/node-definition';
import { ChartDefinitionSchema, emptyNodeDefinition, TableColumnSchema } from '@ks/contract/node-definition';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { makeBusinessId, makeNodeId } from '@/test/factories.ts';
import type { RecordPage, RecordRow } from './api/types.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export const NODE = { systemCoding: 'JYGL', gnCoding: 'zzgl' };

export const column = (input: Partial<TableColumn> & Pick<TableColumn, 'code' | 'name'>): TableColumn =>
  TableColumnSchema.parse(input);

export type DefinitionInput = Partial<Omit<NodeDefinition, 'list' | 'charts'>> & {
  list?: Partial<ListSetup>;
  charts?: Partial<ChartDefinition>[];
};

/** A published node; list parts are filled in directly (the whole-definition checks need form items). */
export function makePublished(definition: DefinitionInput = {}): PublishedNode {
  const base = emptyNodeDefinition();
  return {
    nodeId: makeNodeId(),
    ...NODE,
    title: '资质管理',
    schemaVersion: 1,
    definition: {
      ...base,
      ...definition,
      list: { ...base.list, ...definition.list },
      charts: (definition.charts ?? []).map((chart) => ChartDefinitionSchema.parse(chart)),
    },
  };
}

export function makeRow(overrides: Partial<RecordRow> = {}): RecordRow {
  const n = next();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    businessId: makeBusinessId(),
    version: 1,
    status: 'draft',
    statusName: '草稿',
    auditState: '',
    statusColor: '#8c8c8c',
    auditColor: '#8c8c8c',
    // As the server sends it (toISOString): UTC, to the millisecond.
    createdAt: '2026-11-01T00:00:00.000Z',
    submittedAt: null,
    ownerName: '张三',
    schemaVersion: 1,
    operations: [],
    labels: {},
    ...overrides,
  };
}

export function makePage(overrides: Partial<RecordPage> = {}): RecordPage {
  return {
    records: [],
    total: 0,
    totalExact: true,
    curPage: 1,
    pageSize: 10,
    columns: [],
    functions: [],
    cardStyle: null,
    ...overrides,
  };
}

/** Shows where the router went, for pages that navigate. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The page at its own path, with every other path showing the location it reached. */
export const withRoutes = (path: string, page: ReactNode) => (
  <Routes>
    <Route path={path} element={page} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);
