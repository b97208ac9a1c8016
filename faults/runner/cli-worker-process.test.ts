import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startCliWorker } from './cli-worker-process.js';

describe('conformance CLI worker', () => {
  const cli = startCliWorker();
  afterAll(() => cli.close());

  it('runs one CLI call after another in one process, each with its own output and exit code', async () => {
    const help = await cli.run(['--help'], {});
    const pid = cli.pid;
    expect(help.code).toBe(0);
    expect(help.output).toContain('Usage');
    const wrong = await cli.run(['--no-such-flag'], {});
    expect(cli.pid).toBe(pid);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain("'--no-such-flag'");
    expect(wrong.output).not.toContain('Usage');
  });

  it('answers code null with the reason when the worker dies during a run, and starts a fresh one for the next', async () => {
    // A target that accepts connections and never answers keeps the run waiting at its health check.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as { port: number };
    try {
      const running = cli.run(['--base-url', `http://127.0.0.1:${port}/api/v2`, '--profile', 'spec/profile.example.json'], {});
      await once(silent, 'connection');
      const pid = cli.pid;
      process.kill(pid as number, 'SIGKILL');
      const crashed = await running;
      expect(crashed.code).toBeNull();
      expect(crashed.output).toContain('SIGKILL');
      const next = await cli.run(['--help'], {});
      expect(next.code).toBe(0);
      expect(cli.pid).not.toBe(pid);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  });
});
