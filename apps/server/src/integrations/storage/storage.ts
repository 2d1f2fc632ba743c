/** Where uploaded files live: local disk by default; S3-compatible storage when the server scales out. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
}
