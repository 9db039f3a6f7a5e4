import type { HelpGroup, HelpKind, HelpScopeQuery } from '@ks/contract/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

const PATHS: Record<HelpKind, string> = { guide: '/ks/help/v1/guide', faq: '/ks/help/v1/faq-list' };

/** Guide (帮助说明) or FAQ (常见问题) of a scope; the server falls back to the system and platform help. */
export const getHelpTree = (kind: HelpKind, scope: HelpScopeQuery) =>
  shellHttp.get<HelpGroup[]>(PATHS[kind], { query: scope });

export const getHelpTreeQueryOptions = (kind: HelpKind, scope: HelpScopeQuery) =>
  queryOptions({ queryKey: ['help', kind, scope], queryFn: () => getHelpTree(kind, scope) });

export const useHelpTree = (kind: HelpKind, scope: HelpScopeQuery, enabled: boolean) =>
  useQuery({ ...getHelpTreeQueryOptions(kind, scope), enabled });
