import { describe, expect, it } from 'vitest';
import { trustProxySetting } from './env-values';
import {
  DEVELOPMENT_SECRETS,
  productionProblems,
  type ProductionSettings,
} from './production-guard';

const strong = 'f3b9c2d8e1a7450b9c6d2e8f1a3b5c7d';
const production: ProductionSettings = {
  NODE_ENV: 'production',
  JWT_SECRET: strong,
  PAYMENT_PROVIDER: 'razorpay',
  PAYMENT_SANDBOX_SECRET: DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_SECRET,
  ALLOW_SANDBOX_PAYMENTS: false,
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

describe('productionProblems', () => {
  it('passes a production setup with a strong secret and real payments', () => {
    expect(productionProblems(production)).toEqual([]);
  });

  it('names each weak JWT_SECRET', () => {
    for (const secret of [
      DEVELOPMENT_SECRETS.JWT_SECRET,
      'change-this-secret-in-production',
      'short-but-random-9f8e',
      ' '.repeat(40),
      `${strong} `,
      'ab'.repeat(20),
    ]) {
      const problems = productionProblems({ ...production, JWT_SECRET: secret });
      expect(problems, secret).toHaveLength(1);
      expect(problems[0]).toMatch(/^JWT_SECRET /);
    }
  });

  it('refuses the sandbox without the opt-in, and its development secret with it', () => {
    const sandbox = { ...production, PAYMENT_PROVIDER: 'sandbox' as const };
    expect(productionProblems(sandbox).join(' ')).toMatch(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(productionProblems({ ...sandbox, ALLOW_SANDBOX_PAYMENTS: true })).toEqual([
      expect.stringMatching(/^PAYMENT_SANDBOX_SECRET is a public development default/),
    ]);
    expect(
      productionProblems({
        ...sandbox,
        ALLOW_SANDBOX_PAYMENTS: true,
        PAYMENT_SANDBOX_SECRET: strong,
      }),
    ).toEqual([]);
  });

  it('asks for every Razorpay credential', () => {
    expect(productionProblems({ ...production, RAZORPAY_WEBHOOK_SECRET: undefined })).toEqual([
      expect.stringMatching(/^RAZORPAY_WEBHOOK_SECRET is not set/),
    ]);
  });

  it('checks nothing outside production', () => {
    expect(productionProblems({ ...production, NODE_ENV: 'development', JWT_SECRET: 'x' })).toEqual(
      [],
    );
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value: string) => trustProxySetting.safeParse(value);

  it('reads off, on, hop counts and address lists', () => {
    expect(parse('').data).toBe(false);
    expect(parse('false').data).toBe(false);
    expect(parse('true').data).toBe(true);
    expect(parse('2').data).toBe(2);
    expect(parse('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback').data).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is not an address or a CIDR, naming it', () => {
    for (const bad of ['1.2.3.4/33', '-1', '2.5', 'proxy.example', '10.0.0.0/8/1', '::1/129']) {
      const result = parse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(`"${bad}"`);
    }
  });
});
