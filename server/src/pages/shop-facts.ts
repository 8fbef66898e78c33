import type { ShopFacts, ShopInfoView } from '@kanak/shared';
import type { Config } from '../config';

/** The configured values the policy pages quote (`{{returnWindowDays}}`…). */
export const shopFacts = (config: Config): ShopFacts => ({
  returnWindowDays: config.RETURN_WINDOW_DAYS,
  exchangePercent: config.EXCHANGE_PERCENT,
  buybackPercent: config.BUYBACK_PERCENT,
  supportEmail: config.SUPPORT_EMAIL,
  supportPhone: config.SUPPORT_PHONE,
  shopAddress: config.SHOP_ADDRESS,
  grievanceOfficerName: config.GRIEVANCE_OFFICER_NAME,
  grievanceOfficerEmail: config.GRIEVANCE_OFFICER_EMAIL,
  grievanceOfficerPhone: config.GRIEVANCE_OFFICER_PHONE,
});

const SOCIAL = [
  ['Instagram', 'SOCIAL_INSTAGRAM_URL'],
  ['Facebook', 'SOCIAL_FACEBOOK_URL'],
  ['YouTube', 'SOCIAL_YOUTUBE_URL'],
  ['Pinterest', 'SOCIAL_PINTEREST_URL'],
  ['X', 'SOCIAL_X_URL'],
] as const;

/** What the footer shows: the shop's facts and only the social links configured. */
export const shopInfo = (config: Config): ShopInfoView => ({
  facts: shopFacts(config),
  social: SOCIAL.flatMap(([name, key]) => {
    const url = config[key];
    return url ? [{ name, url }] : [];
  }),
});
