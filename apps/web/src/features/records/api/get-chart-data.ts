import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { ChartData, NodeRef } from './types.ts';

/** POST /ks/statistics/v1/chart-data: one published chart, aggregated on the server. */
export const getChartData = (node: NodeRef, chartId: string) =>
  http.post<ChartData>('/ks/statistics/v1/chart-data', { ...node, chartId });

export const getChartDataQueryOptions = (node: NodeRef, chartId: string) =>
  queryOptions({ queryKey: recordKeys.chart(node, chartId), queryFn: () => getChartData(node, chartId) });

export const useChartData = (node: NodeRef, chartId: string) =>
  useQuery(getChartDataQueryOptions(node, chartId));
