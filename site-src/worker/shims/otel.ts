/**
 * The kit's optional OpenTelemetry API (src/server/telemetry/otel.ts), absent: the playground
 * measures nothing, and the worker is one classic script, where that module's top-level await of an
 * import cannot go. The worker's build puts this module in place of it (build.ts).
 */
import type { otel as kitOtel } from '../../../src/server/telemetry/otel.js';

export const otel: typeof kitOtel = undefined;
