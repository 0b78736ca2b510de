import type { TFunction } from "i18next";
import { z } from "zod";
import { sessionCookieName } from "~/auth/session.server";
import { ERROR_CODES } from "./errors.server";
import type { Operation } from "./handler.server";
import { API_OPERATIONS } from "./operations.server";
import { API_PAGE_SIZES } from "./shapes.server";

// The OpenAPI 3.1 description, made from the operations themselves, so it cannot drift from what the server checks.

/** A request's JSON Schema (2020-12): pre-transform; transforms and refinements are left open. */
const jsonSchema = (schema: z.core.$ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    // A whole number is said as one ("integer"), without the bounds of a safe JavaScript integer that zod 4 adds.
    override: ({ jsonSchema: out }) => {
      if (out.type !== "integer") return;
      if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
      if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
    },
  }) as Record<string, unknown>;
  return rest;
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function parameters(op: Operation) {
  const params: Array<Record<string, unknown>> = [];
  for (const name of op.path.match(/\{(\w+)\}/g) ?? []) {
    const key = name.slice(1, -1);
    params.push({
      name: key,
      in: "path",
      required: true,
      schema: key === "id" ? { type: "integer", minimum: 1 } : { type: "string", enum: ["en", "sp"] },
    });
  }
  if (op.list)
    for (const param of op.list.params)
      params.push({ name: param.name, in: "query", description: param.description, schema: param.schema });
  else if (op.query) {
    const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      params.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
  }
  params.push({
    name: "lang",
    in: "query",
    description: "The language of messages: en or sp (else the lang cookie, else English).",
    schema: { type: "string", enum: ["en", "sp"] },
  });
  return params;
}

function requestBody(op: Operation) {
  if (op.body) return { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
  if (op.bodyDoc) {
    const schema = jsonSchema(op.bodyDoc);
    return {
      required: true,
      content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
    };
  }
  if (op.multipart) {
    const schema = jsonSchema(op.multipart) as { properties: Record<string, unknown> };
    schema.properties.file = {
      type: "string",
      contentMediaType: "application/octet-stream",
      maxLength: 30 * 1024 * 1024,
    };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  return undefined;
}

function responses(op: Operation, t: TFunction) {
  const success = op.list
    ? {
        description: "A page of the list and how many rows match.",
        headers: {
          "X-Total-Count": { schema: { type: "integer" }, description: "How many rows match, on every page." },
        },
        content: { "application/json": { schema: { $ref: "#/components/schemas/Page" } } },
      }
    : { description: "OK", content: { "application/json": { schema: { type: "object" } } } };
  const all: Record<string, unknown> = {};
  if (op.creates)
    all["201"] = {
      ...success,
      description: "Created; Location names the new record.",
      headers: { Location: { schema: { type: "string" } } },
    };
  else if (op.accepted) all["202"] = { ...success, description: "Accepted; what follows is told by mail." };
  else if (op.method === "DELETE") all["204"] = { description: "Deleted." };
  else all["200"] = success;
  if (op.method === "GET" && op.access === "public") all["304"] = { description: "Not modified (If-None-Match)." };
  if (op.body || op.bodyDoc || op.multipart || op.query || op.list)
    all["400"] = errorResponse(t("api:errors.invalid_input"));
  if (op.access !== "public") all["401"] = errorResponse(t("api:errors.unauthorized"));
  if (op.access !== "public" && op.access !== "user") all["403"] = errorResponse(t("api:errors.forbidden"));
  else if (op.method !== "GET") all["403"] = errorResponse(t("api:errors.forbidden"));
  if (op.path.includes("{")) all["404"] = errorResponse(t("api:errors.not_found"));
  if (op.method !== "GET" && op.method !== "DELETE") all["409"] = errorResponse(t("api:errors.conflict"));
  if (op.multipart) all["413"] = errorResponse(t("api:errors.payload_too_large"));
  all["429"] = {
    ...errorResponse(t("api:errors.rate_limited")),
    headers: { "Retry-After": { schema: { type: "integer" } } },
  };
  // The database did not answer in time (R135): nothing was changed; the same call may be made again.
  all["503"] = { ...errorResponse(t("api:errors.busy")), headers: { "Retry-After": { schema: { type: "integer" } } } };
  return all;
}

export const ACCESS_TEXT = {
  public: "api:docs.access.public",
  user: "api:docs.access.user",
  admin: "api:docs.access.admin",
  program: "api:docs.access.program",
  superAdmin: "api:docs.access.superAdmin",
  referrer: "api:docs.access.referrer",
} as const;

/** The OpenAPI 3.1 document, its texts in English (the language of the locales' en files). */
export function openApiDocument(t: TFunction, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    const body = requestBody(op);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: t(`api:operations.${op.operationId}`),
      description: t(ACCESS_TEXT[op.access]),
      security: op.access === "public" ? [] : [{ apiKey: [] }, { session: [] }],
      parameters: parameters(op),
      ...(body ? { requestBody: body } : {}),
      responses: responses(op, t),
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: t("api:docs.title"), version: "1", description: t("api:docs.intro") },
    servers: [{ url: serverUrl }],
    tags: [...new Set(API_OPERATIONS.map((op) => op.tag))].map((name) => ({
      name,
      description: t(`api:tags.${name}`),
    })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: t("api:docs.keys") },
        session: { type: "apiKey", in: "cookie", name: sessionCookieName(), description: t("api:docs.session") },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["status", "code", "message"],
              properties: {
                status: { type: "integer" },
                code: { type: "string", enum: Object.keys(ERROR_CODES) },
                message: { type: "string", description: t("api:docs.errorMessage") },
                fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
              },
            },
          },
        },
        Page: {
          type: "object",
          required: ["data", "total"],
          properties: { data: { type: "array", items: { type: "object" } }, total: { type: "integer" } },
          description: t("api:docs.lists", { sizes: API_PAGE_SIZES.join(", ") }),
        },
      },
    },
  };
}
