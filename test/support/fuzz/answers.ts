// Running fuzz cases against the service, and what every answer must satisfy.

/** Runs `tasks` with at most `concurrency` at a time. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i]!, i);
      }
    }),
  );
}

/**
 * What every answer must satisfy: never a 5xx (503/429 would mean overload, which a fuzz run
 * must not cause), and an error status always carries our error body.
 */
export async function checkAnswer(res: Response, where: string): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  if (res.status >= 500) throw new Error(`${where}: ${res.status} ${text.slice(0, 300)}`);
  let body: unknown = text;
  if (res.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
  if (res.status >= 400) {
    const e = body as { message?: unknown; code?: unknown; data?: unknown };
    if (typeof e?.message !== 'string' || typeof e.code !== 'string' || e.data !== null) {
      throw new Error(`${where}: ${res.status} without our error body: ${text.slice(0, 300)}`);
    }
  }
  return { status: res.status, body };
}
