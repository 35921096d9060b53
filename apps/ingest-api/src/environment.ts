/**
 * Langfuse's environment rule, for every entity that carries one (traces, observations, scores):
 * lower case, leading `langfuse`/`langfuse-`/`langfuse_` stripped, at most 40 characters of
 * [a-z0-9-_]; anything else is `default`.
 */
export function normalizeEnvironment(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'default';
  const stripped = value
    .toLowerCase()
    .replace(/^(?:langfuse[-_]?)+/, '')
    .slice(0, 40);
  return stripped && /^[a-z0-9_-]+$/.test(stripped) ? stripped : 'default';
}
