import type { WorkerLimits } from './worker-runner.ts';

/**
 * The limits of reading one uploaded file, given to a reader as options (a caller may pass stricter ones); the defaults
 * are those of docs/decisions/012-untrusted-files-in-a-worker.md. They bound the reading only: how many rows or bytes a
 * tenant may keep is platform/limits' to say.
 */
export interface ParseLimits extends WorkerLimits {
  /** What the file's compressed parts may unpack to, in bytes, all together. */
  maxInflatedBytes: number;
  /** Past this many bytes unpacked, at most this many times the file's own size (deflate reaches about 1,000). */
  maxExpansionRatio: number;
  /** A PDF's pages. */
  maxPages: number;
}

const MiB = 2 ** 20;

/** A PDF: its table is read whole in memory, so its pages and streams are held tighter than a sheet's. */
export const PDF_LIMITS: ParseLimits = { maxInflatedBytes: 128 * MiB, maxExpansionRatio: Infinity, maxPages: 2000, timeoutMs: 60_000, maxMemoryMb: 512 };

/** A sheet (xlsx, CSV) is streamed row by row; the time counts only while the worker reads ahead of the import. */
export const SHEET_LIMITS: ParseLimits = { maxInflatedBytes: 1024 * MiB, maxExpansionRatio: 200, maxPages: 0, timeoutMs: 300_000, maxMemoryMb: 1024 };

/** Past this many bytes unpacked the expansion ratio is checked: a small file may pack a blank sheet very tightly. */
export const RATIO_CHECKED_FROM = 32 * MiB;

/** file_too_large_expanded when `inflated` bytes are over the limits for a file of `size` bytes. */
export function expansionRefused(inflated: number, size: number, limits: Pick<ParseLimits, 'maxInflatedBytes' | 'maxExpansionRatio'>): boolean {
  return inflated > limits.maxInflatedBytes || (inflated > RATIO_CHECKED_FROM && inflated > size * limits.maxExpansionRatio);
}

export const megabytes = (bytes: number) => Math.round(bytes / MiB);
