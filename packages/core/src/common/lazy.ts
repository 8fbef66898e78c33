/**
 * A module loaded on its first use, once. Heavy libraries (PDF, XLSX, S3) stay out of every
 * process start and test file that never writes a PDF or reads a sheet; a failed load is tried
 * again on the next use.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
