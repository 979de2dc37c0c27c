/**
 * Telemetry on, as docs/operations.md advises an operator to run it: an OpenTelemetry SDK registered before the kit,
 * one trace in 10 sampled (the rest of the spans cost a check), the sampled spans batched, metrics kept for a
 * Prometheus scrape. The spans' export is left out (an exporter that drops them): what it costs is the exporter's the
 * operator chooses, not the kit's.
 */
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, type SpanExporter } from '@opentelemetry/sdk-trace';
import { startTelemetry } from '../../test/support/telemetry-sdk.js';

const dropping: SpanExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} };

/** The share of traces docs/operations.md advises keeping. */
export const SAMPLED_SHARE = 0.1;

export const startBenchTelemetry = () =>
  startTelemetry({
    spanProcessor: new BatchSpanProcessor({ exporter: dropping }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(SAMPLED_SHARE) }),
  });
