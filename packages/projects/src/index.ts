export { createAuthenticate, ENV_KEY_ID } from './authenticate.ts';
export { DataRemoval, REMOVAL_DELAY_MS, removeProjectRows } from './data-removal.ts';
export { type ActiveKey, KeyRing, REFRESH_MS } from './key-ring.ts';
export { KEY_USES_FLUSH_MS, KeyUses } from './key-uses.ts';
export { openProjects, type Projects } from './projects.ts';
export { ProjectRegistry, projectOutput } from './registry.ts';
export { reloadRetention, setInstanceRetention } from './retention.ts';
export { RetentionSweeper, SWEEP_INTERVAL_MS } from './retention-sweeper.ts';
export { displaySecretKey, generateKeyPair, hashSecret, keyPepperOf } from './secrets.ts';
