/**
 * Loaded models by id, bounded by their total size, least recently used out. A stored model never changes under its
 * id (a new training is a new row), so an entry is never stale; what a newer training changes is which id a client
 * uses, which the caller keeps apart (modules/service/intents/model-store.ts).
 */
export class ModelCache<T> {
  /** Map order is use order: the first key is the least recently used. */
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private total = 0;
  /** Models read from storage since start (tests and benchmarks check that a warm call reads none). */
  loads = 0;

  constructor(private readonly maxBytes: number) {}

  get(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  /** Keeps `value` (a model larger than the whole bound is used once and not kept). */
  set(id: string, value: T, bytes: number): void {
    this.delete(id);
    if (bytes > this.maxBytes) return;
    this.entries.set(id, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.total -= entry.bytes;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
