import {
  type NodeDefinition,
  NodeDefinitionSchema,
  unavailableFunctionsProblem,
} from '@ks/contract/node-definition';

/** Where a problem sits, in the words of the workspace's tabs. */
function placeOf(path: readonly PropertyKey[]): string {
  const [area, part, index] = path;
  const at = typeof index === 'number' ? index + 1 : null;
  if (area === 'form' && part === 'items' && at) return `表单字段${at}`;
  if (area === 'form' && part === 'groups' && at) return `字段分组${at}`;
  if (area === 'list' && part === 'columns' && at) return `列表第${at}列`;
  if (area === 'list' && part === 'filters' && at) return `筛选${at}`;
  if (area === 'list' && part === 'cardStyle') return '卡片样式';
  if (area === 'list' && part === 'sortField') return '默认排序';
  if (area === 'functions') return '功能按钮';
  if (area === 'charts' && typeof part === 'number') return `图表${part + 1}`;
  if (area === 'audit' && part === 'levels') return at ? `第${at}级审核` : '审核流程';
  return '';
}

/**
 * Everything the contract refuses in a definition, each prefixed with where it is, so the developer
 * finds it before the server answers 400 (the server runs the same NodeDefinitionSchema and the
 * same check of functions no module registers; `available`: the button dictionary's codes, when
 * loaded).
 */
export function describeDefinitionProblems(
  definition: NodeDefinition,
  available?: readonly string[],
): string[] {
  const problems: string[] = [];
  const parsed = NodeDefinitionSchema.safeParse(definition);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const place = placeOf(issue.path);
      problems.push(place ? `${place}：${issue.message}` : issue.message);
    }
  }
  const unavailable = available
    ? unavailableFunctionsProblem(definition.functions, (code) => available.includes(code))
    : null;
  if (unavailable) problems.push(`${placeOf(['functions'])}：${unavailable}`);
  return [...new Set(problems)];
}
