/**
 * An instance built as the documentation builds it (documented-instance.ts): the modules of
 * docs/fleet.md's fleet kit and SIGTERM handler and docs/kit.md's node:http mount, and the
 * instance started on them. Shared by the shutdown test and `npm run bench -- shutdown`.
 */
import { blocksUnder, moduleOf } from '../support/docs-modules.js';
import { startInstance, type Instance } from './harness.js';

/** The modules documented-instance.ts imports, by the variables it reads them from. */
export async function documentedModules(): Promise<Record<string, string>> {
  const [fleetKit] = await blocksUnder('docs/fleet.md', '# Running on several instances');
  const [stop] = await blocksUnder('docs/fleet.md', '## Stopping an instance');
  const [serve] = await blocksUnder('docs/kit.md', '## Mounting the handlers');
  return {
    FLEET_KIT_MODULE: await moduleOf('fleet-kit', fleetKit!),
    STOP_MODULE: await moduleOf('stop-on-sigterm', stop!),
    SERVE_MODULE: await moduleOf('serve-with-kit', serve!),
  };
}

/** A documented instance with `env` (its modules, the Redis, the service, where it reports: see documented-instance.ts), once it serves. */
export const startDocumentedInstance = (env: Record<string, string>): Promise<Instance> =>
  startInstance(env, 'test/fleet/documented-instance.ts');
