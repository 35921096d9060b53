export { type AllInOne, createAllInOne } from './create-server.ts';
export { readOnlyFileMappings, releaseStartupPages } from './startup-pages.ts';
