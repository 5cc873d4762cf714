import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { machinesDoc, machinesDocPath } from '../../scripts/machines-doc.ts';

it('docs/machines.md describes the charts as they are (npm run docs:machines writes it)', async () => {
  expect(readFileSync(machinesDocPath, 'utf8')).toBe(await machinesDoc());
});
