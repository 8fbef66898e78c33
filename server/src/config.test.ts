import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const S3 = {
  S3_BUCKET: 'images',
  S3_ENDPOINT: 'http://storage:9000',
  S3_ACCESS_KEY_ID: 'kanak',
  S3_SECRET_ACCESS_KEY: 'secret-key',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('image storage settings', () => {
  it('default to the local directory', () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(config.S3_TIMEOUT_MS).toBe(5000);
  });

  it('read a full S3 setup, and take empty values (as compose passes them) as unset', () => {
    expect(loadConfig(S3)).toMatchObject({ ...S3, S3_FORCE_PATH_STYLE: true });
    const empty = loadConfig({
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: ' ',
      S3_SECRET_ACCESS_KEY: '',
    });
    expect([empty.S3_BUCKET, empty.S3_ENDPOINT, empty.S3_ACCESS_KEY_ID]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuse half a setup with a line naming the variable', () => {
    expect(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ ...S3, S3_BUCKET: '' })).toThrow(/S3_BUCKET: .*without S3_BUCKET/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'storage:9000' })).toThrow(/S3_ENDPOINT/);
  });
});
