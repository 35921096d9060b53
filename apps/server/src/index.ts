export { type AllInOne, createAllInOne } from './create-server.ts';
