import type { ExampleTemplate, HelpScopeQuery } from '@ks/contract/help';
import { http } from '@/lib/http.ts';

/** GET /ks/help/v1/example-template: the node's example and template files (null when missing). */
export const getExampleTemplate = (scope: HelpScopeQuery) =>
  http.get<ExampleTemplate>('/ks/help/v1/example-template', { query: scope });
