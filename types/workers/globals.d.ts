// What the workers' type check (tsconfig.workers.json, lib webworker) needs of the page's globals:
// web/shell/storage.js, which the workers import for `refused`, reads window.localStorage and
// window.parent on the page only (probeStorage, keeping).
interface Storage {
  readonly length: number;
  clear(): void;
  getItem(key: string): string | null;
  key(index: number): string | null;
  removeItem(key: string): void;
  setItem(key: string, value: string): void;
}
declare var window: { readonly localStorage: Storage; readonly parent: unknown };
