import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../../../..');

/** Runs a test-support script in its own Node process (so a test can SIGKILL it like a crashed pod). */
export function spawnScript(script: string, env: Record<string, string>): ChildProcess & { exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; output: () => string } {
  let output = '';
  // node --import tsx, not the tsx wrapper: the test must see the script's own process die by its signal.
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, script)], {
    cwd: root,
    env: { ...process.env, KAFKAJS_NO_PARTITIONER_WARNING: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return Object.assign(child, { exited, output: () => output });
}
