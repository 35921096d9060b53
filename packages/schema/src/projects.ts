import * as v from 'valibot';
import { JsonObject } from './common.ts';

/*
 * Projects and their API keys (docs/projects.md): the admin API in Langfuse's shape
 * (`/api/public/projects`, `.../apiKeys`; Langfuse's field names, statuses and bodies), so its
 * admin tooling and SDK types work.
 */

/**
 * The project the environment's key pair (PUBLIC_KEY/SECRET_KEY) and the bearer token act on, and
 * that holds every row stored before projects existed: the id every answer named before.
 */
export const DEFAULT_PROJECT_ID = 'spanhouse';

/** The organization every project belongs to: the instance (Langfuse's projects name one). */
export const ORGANIZATION = { id: 'spanhouse', name: 'spanhouse' } as const;

/**
 * A project id as a path parameter or in the Spanhouse-Project header: generated ids are UUIDs,
 * the default is `spanhouse`; anything else is no project (404), never a query.
 */
export const ProjectIdText = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(128, 'must be at most 128 characters'),
);

/** Langfuse's rule for a project name: 3 to 60 characters, no HTML tags. */
export const ProjectName = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.minLength(3, 'must have at least 3 characters'),
  v.maxLength(60, 'must have at most 60 characters'),
  v.check((s) => !/<[^>]*>/.test(s), 'must not contain HTML tags'),
);

/** Days to keep a project's data: 0 (keep forever) or at least 3, as Langfuse; numeric text accepted. */
export const Retention = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\s*\d+\s*$/), v.transform(Number))], 'must be an integer'),
  v.integer('must be an integer'),
  v.check((n) => n === 0 || (n >= 3 && n <= 36500), 'must be 0 or between 3 and 36500 days'),
);

/**
 * The longest project metadata, as UTF-8 JSON: every process keeps every project in memory, reads
 * them all again every few seconds and answers them whole in every project listing.
 */
export const MAX_PROJECT_METADATA_BYTES = 65_536;

/** Metadata: a JSON object, or its JSON text (Langfuse takes both). */
export const ProjectMetadata = v.pipe(
  v.union(
    [
      JsonObject,
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          try {
            const parsed: unknown = JSON.parse(dataset.value);
            if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
              return parsed as Record<string, unknown>;
            }
          } catch {
            // reported below
          }
          addIssue({ message: 'must be a JSON object' });
          return NEVER;
        }),
      ),
    ],
    'must be a JSON object',
  ),
  v.check(
    (m) => new TextEncoder().encode(JSON.stringify(m)).length <= MAX_PROJECT_METADATA_BYTES,
    `must be at most ${MAX_PROJECT_METADATA_BYTES} bytes as JSON`,
  ),
);

/** POST /api/public/projects and PUT /api/public/projects/{projectId}. */
export const ProjectBody = v.object({
  name: ProjectName,
  metadata: v.optional(ProjectMetadata),
  retention: v.optional(Retention),
});
export type ProjectBody = v.InferOutput<typeof ProjectBody>;

const Named = v.object({ id: v.string(), name: v.string() });

/** A project as Langfuse answers it; retentionDays only when a retention is set. */
export const ProjectOutput = v.object({
  ...Named.entries,
  organization: Named,
  metadata: JsonObject,
  retentionDays: v.optional(v.pipe(v.number(), v.integer())),
});
export type ProjectOutput = v.InferOutput<typeof ProjectOutput>;

/** GET /api/public/projects: the key's project, or every project for the admin. */
export const ProjectsResponse = v.object({ data: v.array(ProjectOutput) });

/** GET /api/public/organizations/projects: every project (Langfuse's organization listing). */
export const OrganizationProjectsResponse = v.object({
  projects: v.array(v.object({ ...Named.entries, metadata: JsonObject, createdAt: v.string(), updatedAt: v.string() })),
});

/** DELETE /api/public/projects/{projectId}: 202, the data goes in the background. */
export const ProjectDeletionResponse = v.object({ success: v.boolean(), message: v.string() });

/** A key's public half: `pk-` then 4 to 200 of [A-Za-z0-9_-] (generated: `pk-sh-<uuid>`; Langfuse's `pk-lf-`). */
export const PublicKeyText = v.pipe(
  v.string('must be a string'),
  v.regex(/^pk-[A-Za-z0-9_-]{4,200}$/, 'must be pk- followed by 4 to 200 letters, digits, - or _'),
);
/** A key's secret half: `sk-` then 16 to 200 of [A-Za-z0-9_-] (generated: `sk-sh-` and 256 random bits). */
export const SecretKeyText = v.pipe(
  v.string('must be a string'),
  v.regex(/^sk-[A-Za-z0-9_-]{16,200}$/, 'must be sk- followed by 16 to 200 letters, digits, - or _'),
);

/** POST /api/public/projects/{projectId}/apiKeys: a note, and a predefined key pair (both or none). */
export const ApiKeyBody = v.pipe(
  v.object({
    note: v.optional(v.pipe(v.string('must be a string'), v.maxLength(1000, 'must be at most 1000 characters'))),
    publicKey: v.optional(PublicKeyText),
    secretKey: v.optional(SecretKeyText),
  }),
  v.check(
    (b) => (b.publicKey === undefined) === (b.secretKey === undefined),
    'publicKey and secretKey must be given together',
  ),
);
export type ApiKeyBody = v.InferOutput<typeof ApiKeyBody>;

/** A new key: the only answer that ever holds its secret. */
export const ApiKeyResponse = v.object({
  id: v.string(),
  createdAt: v.string(),
  publicKey: v.string(),
  secretKey: v.string(),
  displaySecretKey: v.string(),
  note: v.nullable(v.string()),
});
export type ApiKeyResponse = v.InferOutput<typeof ApiKeyResponse>;

/** A key as listed: never its secret. */
export const ApiKeySummary = v.object({
  id: v.string(),
  createdAt: v.string(),
  expiresAt: v.nullable(v.string()),
  lastUsedAt: v.nullable(v.string()),
  note: v.nullable(v.string()),
  publicKey: v.string(),
  displaySecretKey: v.string(),
});
export type ApiKeySummary = v.InferOutput<typeof ApiKeySummary>;

export const ApiKeyList = v.object({ apiKeys: v.array(ApiKeySummary) });
export const ApiKeyDeletionResponse = v.object({ success: v.boolean() });
