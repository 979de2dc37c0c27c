/**
 * Telemetry on, as an operator runs it (docs/operations.md): an OpenTelemetry SDK registered before the kit, every
 * span sampled and batched, metrics kept for a Prometheus scrape. The spans' export is left out (an exporter that
 * drops them): what it costs is the exporter's the operator chooses, not the kit's.
 */
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace';
import { startTelemetry } from '../../test/support/telemetry-sdk.js';

const dropping: SpanExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} };

export const startBenchTelemetry = () => startTelemetry({ spanProcessor: new BatchSpanProcessor({ exporter: dropping }) });
