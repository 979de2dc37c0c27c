import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, launchRedis } from './redis-server.js';

/** A Redis Cluster of the tests' own: primaries as child processes on loopback ports, no replicas. */
export interface RedisCluster {
  /** Its nodes, `127.0.0.1:port`. */
  nodes: string[];
  stop(): Promise<void>;
}

const cli = process.env.REDIS_CLI ?? '/usr/bin/redis-cli';
const readyLimitMs = 20_000;

/**
 * Starts `count` cluster-enabled redis-servers and joins them with `redis-cli --cluster create`.
 * Without redis-cli (Debian: the redis-tools package, which redis-server depends on) it fails:
 * a cluster test never passes by skipping.
 */
export async function startRedisCluster(count = 3): Promise<RedisCluster> {
  const directory = mkdtempSync(join(tmpdir(), 'kyc-verify-cluster-'));
  // Each node's cluster bus on a free port of its own: by default it is the node's port + 10,000,
  // which may be taken, or past 65,535 for a port from the top of the ephemeral range.
  const free = await distinctFreePorts(2 * count);
  const ports = free.slice(0, count);
  const launched = await Promise.allSettled(
    ports.map((port, index) =>
      launchRedis(port, [
        '--appendonly',
        'no',
        '--cluster-enabled',
        'yes',
        '--cluster-port',
        String(free[count + index]),
        '--cluster-config-file',
        join(directory, `nodes-${port}.conf`),
        '--dir',
        directory,
      ]),
    ),
  );
  const servers = launched.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    rmSync(directory, { recursive: true, force: true });
  };
  const failed = launched.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const nodes = ports.map((port) => `127.0.0.1:${port}`);
  try {
    await run(cli, ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes']);
    await untilEveryNodeSaysOk(ports);
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, stop };
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Runs `command` to its end; its output when it succeeds, else an error that carries it. */
async function run(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // `once` rejects when the child emits 'error': it could not be started at all.
  const [code] = (await once(child, 'exit').catch((error: Error) => {
    throw new Error(`${command} could not run (${error.message}): install redis-tools (it ships redis-cli), or set REDIS_CLI`);
  })) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`);
  return output;
}

/** The cluster is usable once every node has all slots assigned and says `cluster_state:ok`. */
async function untilEveryNodeSaysOk(ports: number[]): Promise<void> {
  const deadline = Date.now() + readyLimitMs;
  for (;;) {
    const states = await Promise.all(ports.map((port) => run(cli, ['-p', String(port), 'cluster', 'info'])));
    if (states.every((info) => info.includes('cluster_state:ok'))) return;
    if (Date.now() > deadline) throw new Error(`the cluster was not ready within ${readyLimitMs} ms:\n${states.join('\n')}`);
    await delay(100);
  }
}
