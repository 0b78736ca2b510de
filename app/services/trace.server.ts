import { context, createContextKey, SpanStatusCode, trace, type Span } from "@opentelemetry/api";

// Spans of the application's own (docs/decisions/0017-traces-start-before-the-server.md): around each model function,
// each report, each route's loader and action. Tracing is on when OTEL_EXPORTER_OTLP_ENDPOINT is set (app/server/start.ts
// then starts OpenTelemetry before anything else); it is read once, as the modules load, so that with tracing off a
// wrapped function is the function itself and costs nothing.
//
// A span says which function ran, never with what: no argument, no result, no error message is an attribute, as logs
// hold no personal data (docs/product-rules.md R146).

export const tracing = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);

const tracer = trace.getTracer("md-early-intervention-referral");

/**
 * The span ends with the error's kind alone (its message may hold what a person typed). A Response thrown (a
 * redirect, a 404 page) is a route's answer, not a failure.
 */
function failed(span: Span, error: unknown) {
  if (error instanceof Response) {
    span.setAttribute("http.response.status_code", error.status);
    if (error.status < 500) return;
  }
  const type = error instanceof Error ? error.name : typeof error;
  span.addEvent("exception", { "exception.type": type });
  span.setStatus({ code: SpanStatusCode.ERROR });
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** Ended when `run` returns or, for a promise, when it settles. */
export function inSpan<Result>(name: string, run: () => Result, attributes: Record<string, string> = {}): Result {
  if (!tracing) return run();
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    let result: Result;
    try {
      result = run();
    } catch (error) {
      failed(span, error);
      span.end();
      throw error;
    }
    if (!isPromise(result)) {
      span.end();
      return result;
    }
    return result.then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        failed(span, error);
        span.end();
        throw error;
      },
    ) as Result;
  });
}

/** A function, without saying its parameters: a function written in traced()'s call is typed as if written alone. */
type AnyFunction = object & { apply(this: unknown, that: unknown, args: unknown[]): unknown };

/**
 * `fn` in a span named `name` at each call, its one attribute the function's name; with tracing off, `fn` itself.
 * Its type, generic or overloaded, is kept.
 */
export function traced<F extends AnyFunction>(name: string, fn: F): F {
  if (!tracing) return fn;
  // The name as written, "model.saveAnswers" → "saveAnswers" (a bundler may rename the function itself).
  const functionName = name.slice(name.lastIndexOf(".") + 1);
  const attributes = { "code.function.name": functionName };
  const wrapped = function (this: unknown, ...args: unknown[]) {
    return inSpan(name, () => fn.apply(this, args), attributes);
  };
  Object.defineProperty(wrapped, "name", { value: functionName });
  return wrapped as unknown as F;
}

// The key under which the http instrumentation keeps what it knows of the request (@opentelemetry/core's
// setRPCMetadata): the server span takes its http.route, and its name, from it as it ends.
const RPC_METADATA = createContextKey("OpenTelemetry SDK Context Key RPC_METADATA");

/**
 * Names the request under way by its route's path (`/app/child/:childId/referral/:referralId/…`), not by its address
 * and the ids in it; of the routes a page's loaders run for, the deepest.
 */
export function nameRequest(route: string) {
  if (!tracing) return;
  const metadata = context.active().getValue(RPC_METADATA) as { type?: string; route?: string } | undefined;
  if (metadata?.type !== "http") return;
  if (!metadata.route?.startsWith("/") || route.length >= metadata.route.length) metadata.route = route;
}
