import type { AuditOrg, Reviewer } from '@ks/contract/authority';
import type { Dictionary, StyleTemplate, ValueRange } from '@ks/contract/catalogues';
import type { FormOption } from '@ks/contract/form-schema';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/**
 * The lists the node workspace picks from. The catalogues and authority areas own these calls;
 * the builder reads them under the same query keys, so their pages' changes show here too.
 */
export type ButtonChoice = { code: string; name: string };

export const useDictionaryChoices = () =>
  useQuery({
    queryKey: ['catalogues', 'dictionaries'],
    queryFn: () => http.get<Dictionary[]>('/ks/base/dictionary/config/dics'),
  });
export const useValueRangeChoices = () =>
  useQuery({
    queryKey: ['catalogues', 'value-ranges'],
    queryFn: () => http.get<ValueRange[]>('/ks/node/field/value-ranges'),
  });
export const useStyleTemplateChoices = () =>
  useQuery({
    queryKey: ['catalogues', 'style-templates'],
    queryFn: () => http.get<StyleTemplate[]>('/ks/config/style-templates'),
  });
export const useAuditOrgChoices = () =>
  useQuery({
    queryKey: ['authority', 'audit-orgs'],
    queryFn: () => http.get<AuditOrg[]>('/ks/authority/audit/audit-orgs'),
  });
export const useReviewerChoices = (keyword: string) =>
  useQuery({
    queryKey: ['authority', 'reviewers', keyword],
    queryFn: () => http.get<Reviewer[]>('/ks/authority/audit/reviewers', { query: { keyword } }),
  });

/** A pull-down answer: the options themselves, or {list} / {result: {list}} around them. */
export function optionsOfAnswer(answer: unknown): FormOption[] {
  if (Array.isArray(answer)) return answer as FormOption[];
  if (answer && typeof answer === 'object') {
    const record = answer as { list?: unknown; result?: unknown; data?: unknown };
    if (Array.isArray(record.list)) return record.list as FormOption[];
    if (record.result) return optionsOfAnswer(record.result);
    if (record.data) return optionsOfAnswer(record.data);
  }
  return [];
}

/** POST /ks/base/dictionary/config/button/pull-down: the button dictionary, as {code, name}. */
export const useButtonChoices = () =>
  useQuery({
    queryKey: ['catalogues', 'buttons'],
    queryFn: async () =>
      optionsOfAnswer(await http.post<unknown>('/ks/base/dictionary/config/button/pull-down', {})).map(
        (option): ButtonChoice => {
          const raw = option as FormOption & { code?: string; name?: string };
          return { code: raw.code ?? raw.value, name: raw.name ?? raw.label };
        },
      ),
  });

/** Options of a dictionary (dic pull-down) or value range (value-range), for the live preview. */
export const loadDictionaryOptions = async (code: string) =>
  optionsOfAnswer(await http.post<unknown>('/ks/base/dictionary/config/dic/pull-down', { code }));
export const loadValueRangeOptions = async (code: string) =>
  optionsOfAnswer(await http.post<unknown>('/ks/node/field/value-range', { code }));

/** POST /ks/statistics/v1/chart-data: a published chart's aggregated series. */
export type ChartData = { categories: string[]; series: number[] };
export const useChartData = (systemCoding: string, gnCoding: string, chartId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['records', 'chart-data', systemCoding, gnCoding, chartId],
    queryFn: () =>
      http.post<ChartData>(
        '/ks/statistics/v1/chart-data',
        { systemCoding, gnCoding, chartId },
        { quiet: true },
      ),
    enabled,
    retry: false,
  });
