export { createAllInOne, type AllInOne } from './create-server.ts';
