/**
 * Global setup of the machines project: when the run ends, prints what each chart's generated paths
 * take (the rows `expectChartCovered` leaves in its test's meta), one machine a line, then the total.
 */
import type { TestProject } from 'vitest/node';
import type { ChartCoverage } from './machineCoverage.ts';

const ratio = ({ taken, total }: { taken: number; total: number }) =>
  `${taken}/${total} ${total === 0 ? 100 : Math.floor((taken / total) * 100)} %`;

function coverageTable(rows: readonly ChartCoverage[]): string {
  const sorted = [...rows].sort((a, b) => a.machine.localeCompare(b.machine));
  const sum = (pick: (row: ChartCoverage) => { taken: number; total: number }) => ({
    taken: sorted.reduce((total, row) => total + pick(row).taken, 0),
    total: sorted.reduce((total, row) => total + pick(row).total, 0),
  });
  const lines = [
    ['machine', 'states', 'transitions'],
    ...sorted.map((row) => [row.machine, ratio(row.states), ratio(row.transitions)]),
    [`${sorted.length} machines`, ratio(sum((row) => row.states)), ratio(sum((row) => row.transitions))],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...lines.map((line) => line[column]?.length ?? 0)));
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [
    'Statechart coverage (states and transitions taken by the generated paths):',
    ...lines.map(format),
  ].join('\n');
}

export default function machineCoverageReport(project: TestProject) {
  return () => {
    const rows = project.vitest.state
      .getTestModules()
      .filter((module) => module.project.name === project.name)
      .flatMap((module) => [...module.children.allTests()])
      .flatMap((test) => test.meta().chartCoverage ?? []);
    if (rows.length > 0) project.vitest.logger.log(`\n${coverageTable(rows)}\n`);
  };
}
