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

describe('operations settings', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_key',
    RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret',
    // Production also asks for a mail server and a real seller GSTIN (Karnataka, the default state).
    SMTP_URL: 'smtp://mail.example.com:587',
    SELLER_GSTIN: '29ABCDE1234F1ZW',
  };

  it('asks for HUIDs to ship hallmarked gold unless told otherwise', () => {
    expect(loadConfig({}).HUID_REQUIRED_TO_SHIP).toBe(true);
    expect(loadConfig({ HUID_REQUIRED_TO_SHIP: 'false' }).HUID_REQUIRED_TO_SHIP).toBe(false);
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('refuses production without PUBLIC_URL, and a short metrics token', () => {
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL is not set/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://shop.example.com' }).PUBLIC_URL).toBe(
      'https://shop.example.com',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
