import { context, createContextKey, SpanStatusCode, trace, type Span } from "@opentelemetry/api";

// Our own spans (decision 0017). OTEL_EXPORTER_OTLP_ENDPOINT is read once at load, so with tracing off a wrapped
// function is the function itself. Spans never carry arguments, results or error messages (R146).

export const tracing = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);

const tracer = trace.getTracer("md-early-intervention-referral");

/** Only the error's kind (its message may hold typed data). A thrown Response is an answer, not a failure. */
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

/** Any function; a function written inside traced()'s call is typed as if written alone. */
type AnyFunction = object & { apply(this: unknown, that: unknown, args: unknown[]): unknown };

/** `fn` in a span per call; with tracing off, `fn` itself. Its type, generic or overloaded, is kept. */
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

// The http instrumentation's request metadata (setRPCMetadata): the server span takes http.route and name from it.
const RPC_METADATA = createContextKey("OpenTelemetry SDK Context Key RPC_METADATA");

/** Names the request by its route's path, not its address with ids; the deepest route wins. */
export function nameRequest(route: string) {
  if (!tracing) return;
  const metadata = context.active().getValue(RPC_METADATA) as { type?: string; route?: string } | undefined;
  if (metadata?.type !== "http") return;
  if (!metadata.route?.startsWith("/") || route.length >= metadata.route.length) metadata.route = route;
}
