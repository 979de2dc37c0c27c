/**
 * The demo host's OpenTelemetry SDK, registered once per process before the kit is created, as an
 * operator registers theirs (docs/operations.md): its metrics served for Prometheus at
 * `/demo/metrics`, and read here as the funnel the page's panel draws.
 */
import { metrics } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';

/** What the panel draws: the stages of the funnel and the ends by state and code, each a count since the host started. */
export interface Funnel {
  stages: { stage: 'created' | 'opened' | 'document' | 'successful'; count: number }[];
  ends: { state: string; code: string; count: number }[];
}

let exporter: PrometheusExporter | undefined;

/** The process's metric reader, the SDK registered at the first call. */
export function demoTelemetry(): PrometheusExporter {
  if (!exporter) {
    exporter = new PrometheusExporter({ preventServerStart: true });
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [exporter] }));
  }
  return exporter;
}

/** The funnel from the kit's metrics in this process. */
export async function funnelOf(reader: PrometheusExporter): Promise<Funnel> {
  const { resourceMetrics } = await reader.collect();
  const points = resourceMetrics.scopeMetrics
    .filter((scope) => scope.scope.name === 'kyc-verify')
    .flatMap((scope) => scope.metrics)
    .flatMap((metric) =>
      metric.dataPoints.map((point) => ({ name: metric.descriptor.name, attributes: point.attributes, value: point.value })),
    );
  const sum = (name: string, having: Record<string, string> = {}) =>
    points
      .filter((point) => point.name === name && Object.entries(having).every(([key, value]) => point.attributes[key] === value))
      .reduce((total, point) => total + (point.value as number), 0);
  const ends = new Map<string, Funnel['ends'][number]>();
  for (const point of points.filter((point) => point.name === 'kyc_verify.verifications.ended')) {
    const [state, code] = [String(point.attributes['kyc_verify.state']), String(point.attributes['kyc_verify.code'])];
    const end = ends.get(`${state}/${code}`) ?? { state, code, count: 0 };
    end.count += point.value as number;
    ends.set(`${state}/${code}`, end);
  }
  return {
    stages: [
      { stage: 'created', count: sum('kyc_verify.verifications.created') },
      { stage: 'opened', count: sum('kyc_verify.links.opened') },
      { stage: 'document', count: sum('kyc_verify.steps.reached', { 'kyc_verify.step': 'Capture_credential_Ok' }) },
      { stage: 'successful', count: sum('kyc_verify.verifications.ended', { 'kyc_verify.state': 'successful' }) },
    ],
    ends: [...ends.values()],
  };
}

/** The fleet's funnel: each instance's, added up (as Prometheus's `sum` would). */
export function addedUp(funnels: Funnel[]): Funnel {
  const ends = new Map<string, Funnel['ends'][number]>();
  for (const end of funnels.flatMap((funnel) => funnel.ends)) {
    const known = ends.get(`${end.state}/${end.code}`);
    if (known) known.count += end.count;
    else ends.set(`${end.state}/${end.code}`, { ...end });
  }
  const stages = funnels[0]?.stages.map(({ stage }, index) => ({
    stage,
    count: funnels.reduce((total, funnel) => total + funnel.stages[index]!.count, 0),
  }));
  return { stages: stages ?? [], ends: [...ends.values()] };
}
