/**
 * An OpenTelemetry SDK as an operator registers one before creating the kit (docs/operations.md):
 * metrics read by a Prometheus exporter (served by the caller at `/metrics`), spans kept in memory,
 * the context carried across awaits. For the tests and benches that watch what the kit tells.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';

export interface Telemetry {
  /** Answers a scrape: the metrics in Prometheus's text format. */
  serveMetrics(req: IncomingMessage, res: ServerResponse): void;
  /** The spans ended so far. */
  spans(): ReadableSpan[];
  shutdown(): Promise<void>;
}

/** Registers the SDK globally: metrics always, spans through `spanProcessor` (default: kept in memory, each as it ends), those `sampler` keeps (default: every one). */
export function startTelemetry({ spanProcessor, sampler }: { spanProcessor?: SpanProcessor; sampler?: Sampler } = {}): Telemetry {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const meterProvider = new MeterProvider({ readers: [exporter] });
  metrics.setGlobalMeterProvider(meterProvider);
  const memory = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({ sampler, spanProcessors: [spanProcessor ?? new SimpleSpanProcessor({ exporter: memory })] });
  trace.setGlobalTracerProvider(tracerProvider);
  return {
    serveMetrics: (req, res) => exporter.getMetricsRequestHandler(req, res),
    spans: () => memory.getFinishedSpans(),
    async shutdown() {
      await Promise.all([meterProvider.shutdown(), tracerProvider.shutdown()]);
      metrics.disable();
      trace.disable();
      context.disable();
    },
  };
}

/** A span as plain data: what a test compares across processes. */
export interface SpanRecord {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  links: { traceId: string; spanId: string }[];
  attributes: Record<string, unknown>;
}

export const spanRecord = (span: ReadableSpan): SpanRecord => ({
  name: span.name,
  traceId: span.spanContext().traceId,
  spanId: span.spanContext().spanId,
  parentSpanId: span.parentSpanContext?.spanId,
  links: span.links.map((link) => ({ traceId: link.context.traceId, spanId: link.context.spanId })),
  attributes: { ...span.attributes },
});
