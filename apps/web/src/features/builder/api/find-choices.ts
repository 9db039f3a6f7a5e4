import type { AuditOrg, Reviewer } from '@ks/contract/authority';
import type {
  DicPullDown,
  Dictionary,
  LabelledOption,
  StyleTemplate,
  ValueRange,
  ValueRangeOption,
} from '@ks/contract/catalogues';
import type { FormOption } from '@ks/contract/form-schema';
import type { ChartData } from '@ks/contract/records';
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

export const BUTTON_CHOICES_KEY = ['catalogues', 'buttons'] as const;
/**
 * POST /ks/base/dictionary/config/button/pull-down: the button dictionary, as {code, name}: the
 * built-in functions and the module actions registered (decision 0030).
 */
export const useButtonChoices = () =>
  useQuery({
    queryKey: BUTTON_CHOICES_KEY,
    queryFn: async () =>
      (await http.post<LabelledOption[]>('/ks/base/dictionary/config/button/pull-down', {})).map(
        (option): ButtonChoice => ({ code: option.value, name: option.label }),
      ),
  });

/** Options of a dictionary (dic pull-down: {list, labelKey, valueKey}), for the live preview. */
export const loadDictionaryOptions = async (code: string): Promise<FormOption[]> =>
  (await http.post<DicPullDown>('/ks/base/dictionary/config/dic/pull-down', { code })).list;
/** A value range's option tree (for cascades), for the live preview. */
export const loadValueRangeOptions = (code: string): Promise<FormOption[]> =>
  http.post<ValueRangeOption[]>('/ks/node/field/value-range', { code });

/** POST /ks/statistics/v1/chart-data: a published chart's aggregated series. */
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
