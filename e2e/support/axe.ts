import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core finding, reduced to what a failing assertion needs to show. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResults {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe-core (injected from the installed package, nothing downloaded) over the page as it is
 * now, and answers its serious and critical violations (WCAG 2.x A and AA rules).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the page's CSP (script-src
  // 'self') rightly refuses inline scripts, and the test must not weaken it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SCRIPT);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(
      document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      },
    ),
  )) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      // One line per element: where it is and axe's reason (the colours and ratio for contrast).
      targets: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')} — ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
      ),
    }));
}
