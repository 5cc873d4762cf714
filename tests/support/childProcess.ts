/** A helper process a test started (haproxy, s3rver): the tail of its output, and a stop that also removes its folder. */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface SupervisedChild {
  output(): string;
  stop(): Promise<void>;
}

export function supervise(child: ChildProcess, folder: string): SupervisedChild {
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
