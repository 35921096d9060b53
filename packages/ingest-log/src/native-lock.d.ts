declare module 'fs-native-extensions' {
  /** An exclusive (default) or shared lock on an open file; false when another holder has it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
