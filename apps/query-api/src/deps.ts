import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import type { Logger } from 'pino';

/** What the query routes need; passed in, never imported as singletons. */
export type QueryDeps = { db: Db; config: Config; logger: Logger };
