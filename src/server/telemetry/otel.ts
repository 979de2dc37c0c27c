/**
 * The OpenTelemetry API, when the application installed it: an optional peer dependency
 * (docs/operations.md). Loaded once, as the kit is imported; without it the kit measures nothing
 * and costs nothing. `webpackIgnore` keeps a bundler from failing on it when it is not installed:
 * the runtime resolves it, and every copy of the API shares the one SDK the application registered.
 */
import type * as OtelApi from '@opentelemetry/api';

export type { OtelApi };

export const otel: typeof OtelApi | undefined = await import(/* webpackIgnore: true */ '@opentelemetry/api').catch(() => undefined);
