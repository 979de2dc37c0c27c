import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** A redis-server of the tests' own: a child process on a loopback port, never a system service. */
export interface RedisServer {
  url: string;
  port: number;
  /** The current process's id (a restart gives a new one). */
  readonly pid: number;
  /** Kills the server and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (stopping it first if it runs): empty, unless it is persistent. */
  restart(): Promise<void>;
}

export interface RedisServerOptions {
  /** Every write appended to a file of its own (fsynced at once), so that a restart finds what was written. */
  persistent?: boolean;
}

const binary = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const startupLimitMs = 10_000;

export async function startRedisServer({ persistent = false }: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const directory = persistent ? mkdtempSync(join(tmpdir(), 'kyc-verify-redis-')) : undefined;
  // Kept across stops and restarts, removed with the test process.
  if (directory) process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  const args = directory ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', directory] : ['--appendonly', 'no'];
  let child = await launchRedis(port, args);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    process.kill(child.pid!, 'SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child.pid!;
    },
    stop,
    async restart() {
      await stop();
      child = await launchRedis(port, args);
    },
  };
}

/** A redis-server on `port` with `args` beside the tests' defaults (no snapshots, loopback only), once it answers PING. */
export async function launchRedis(port: number, args: string[]): Promise<ChildProcess> {
  const child = spawn(binary, ['--save', '', '--port', String(port), '--bind', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const record = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', record);
  child.stderr!.on('data', record);
  // A test run that dies early must not leave a server behind.
  const killOnExit = (): void => void child.kill();
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  const deadline = Date.now() + startupLimitMs;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null) throw new Error(`${binary} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`${binary} did not answer PING on port ${port} within ${startupLimitMs} ms:\n${output}`);
    }
    await delay(20);
  }
  return child;
}

async function answersPing(port: number): Promise<boolean> {
  const socket = createConnection({ host: '127.0.0.1', port });
  try {
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [reply] = (await once(socket, 'data')) as [Buffer];
    return reply.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** A port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
