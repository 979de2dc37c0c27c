import type { Link, Span, Tracer } from '@opentelemetry/api';
import type { OtelApi } from './otel.js';
import { ATTRIBUTES as A } from './names.js';

/** The W3C `traceparent` of a span context (https://www.w3.org/TR/trace-context/), as stored with a transaction. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The kit's spans on one tracer: one per handler request, one per call to the service, one per
 * `onResult` run, each with the transaction's uuid (never its owner) once known, and the later
 * ones linked to the span of the session POST that created the transaction, whichever process
 * served it (its context is stored with the transaction: telemetry.ts).
 */
export class KitTracing {
  constructor(
    private readonly api: typeof OtelApi,
    private readonly tracer: Tracer,
  ) {}

  /** Runs `work` in a span `name`, the current one its parent; the span ends when `work` settles, marked an error if it throws. */
  async inSpan<T>(
    name: string,
    kind: 'internal' | 'client',
    attributes: Record<string, string>,
    work: (span: Span) => Promise<T>,
  ): Promise<T> {
    const { SpanKind } = this.api;
    const options = { kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL, attributes };
    return this.tracer.startActiveSpan(name, options, async (span) => {
      try {
        return await work(span);
      } catch (error) {
        this.#failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
  }

  /**
   * `handle` with a span `name` (an internal one, with `attributes`) per call, the current one its parent and the
   * current one for `handle`, ended as its answer settles. This runs on every poll (docs/operations.md, "What it
   * costs"): options made once per handler, no async wrapper, and a span the sampler left out (it records nothing,
   * and needs no end) costs the SDK's check and the context its children read, that they are left out too.
   */
  perCall<Args extends unknown[], Answer>(
    name: string,
    attributes: Record<string, string>,
    handle: (...args: Args) => Promise<Answer>,
  ): (...args: Args) => Promise<Answer> {
    const { context, trace, SpanKind } = this.api;
    // The attributes go on a recording span only: given at the start, the SDK would check them for every poll the sampler leaves out.
    const options = { kind: SpanKind.INTERNAL };
    return (...args) => {
      const span = this.tracer.startSpan(name, options);
      const recording = span.isRecording();
      if (recording) span.setAttributes(attributes);
      let answering: Promise<Answer>;
      try {
        answering = context.with(trace.setSpan(context.active(), span), handle, undefined, ...args);
      } catch (error) {
        return this.#ended(span, error);
      }
      if (!recording) return answering;
      return answering.then(
        (answer) => {
          const status = (answer as { status?: unknown }).status;
          if (typeof status === 'number') this.answered(span, status);
          span.end();
          return answer;
        },
        (error: unknown) => this.#ended(span, error),
      );
    };
  }

  /** Ends `span` as failed by `error`, which it passes on. */
  #ended(span: Span, error: unknown): Promise<never> {
    this.#failed(span, error);
    span.end();
    return Promise.reject(error as Error);
  }

  #failed(span: Span, error: unknown): void {
    span.setStatus({ code: this.api.SpanStatusCode.ERROR });
    span.setAttribute(A.errorType, error instanceof Error ? error.name : typeof error);
  }

  /** Ends `span` as the answer of status `status` says: an error for a 5xx, as for a server span. */
  answered(span: Span, status: number): void {
    span.setAttribute(A.statusCode, status);
    if (status >= 500) span.setStatus({ code: this.api.SpanStatusCode.ERROR });
  }

  /** Names the transaction on the current span. */
  about(uuid: string): void {
    this.api.trace.getActiveSpan()?.setAttribute(A.uuid, uuid);
  }

  /** The current span's context as a `traceparent`, when a span is recording. */
  traceparent(): string | undefined {
    const span = this.api.trace.getActiveSpan();
    if (!span?.isRecording()) return undefined;
    const { traceId, spanId, traceFlags } = span.spanContext();
    return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
  }

  /** Links the current span (or `span`) to the span a `traceparent` names. */
  link(traceparent: string | undefined, span: Span | undefined = this.api.trace.getActiveSpan()): void {
    const match = traceparent && TRACEPARENT.exec(traceparent);
    if (!match || !span?.isRecording()) return;
    const link: Link = { context: { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16), isRemote: true } };
    span.addLink(link);
  }
}
