import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core (pinned in package.json) run in the page: the WCAG 2.0, 2.1 and 2.2 rules of levels A
// and AA (issue 34). Injected through the devtools protocol, so the page's CSP stays as it is.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
};

export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** One line a rule: its id, how many nodes, and the first node's selector. */
export const violationLines = (list: Violation[]) =>
  list.map(
    (v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary}`,
  );
