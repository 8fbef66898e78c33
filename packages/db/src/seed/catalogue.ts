// The seed catalogue: realistic products spread over every option list of spec section 3.
import {
  COLLECTIONS,
  COLORS,
  METALS,
  OCCASIONS,
  THIRD_LEVEL_CATEGORIES,
  HOME_OFFERS,
  offerFilter,
  percentOff,
  resolveCategory,
  type Metal,
  type ThirdLevelCategory,
} from '@kanak/shared';
import { artUrl, type ArtFinish, type ArtShape } from '@kanak/shared';
import { createRandom, type Random } from './random';
import { seedRatePaise } from './rates';
import { sizePrices } from '@kanak/shared';

export const BRANDS = ['Kanak', 'Swarnika', 'Noor', 'Aabha', 'Mayura', 'Ratnavali'] as const;

interface ItemKind {
  shape: ArtShape;
  noun: string;
  section: 'earrings' | 'rings' | 'nacklaces' | 'other';
  sized: boolean;
  grams: [number, number];
}

const ITEMS: Record<ThirdLevelCategory, ItemKind> = {
  bangle: { shape: 'bangle', noun: 'Bangle', section: 'other', sized: true, grams: [8, 30] },
  bracelet: { shape: 'bracelet', noun: 'Bracelet', section: 'other', sized: false, grams: [5, 18] },
  chain: { shape: 'chain', noun: 'Chain', section: 'nacklaces', sized: false, grams: [4, 20] },
  earring: { shape: 'stud', noun: 'Earrings', section: 'earrings', sized: false, grams: [2, 8] },
  'mangal-sutra': {
    shape: 'mangalsutra',
    noun: 'Mangalsutra',
    section: 'nacklaces',
    sized: false,
    grams: [6, 22],
  },
  necklace: {
    shape: 'necklace',
    noun: 'Necklace',
    section: 'nacklaces',
    sized: false,
    grams: [10, 45],
  },
  pendant: { shape: 'pendant', noun: 'Pendant', section: 'nacklaces', sized: false, grams: [2, 9] },
  locket: { shape: 'locket', noun: 'Locket', section: 'nacklaces', sized: false, grams: [3, 10] },
  ring: { shape: 'ring', noun: 'Ring', section: 'rings', sized: true, grams: [2, 8] },
  drop: { shape: 'drop', noun: 'Drop Earrings', section: 'earrings', sized: false, grams: [3, 10] },
  hoop: { shape: 'hoop', noun: 'Hoop Earrings', section: 'earrings', sized: false, grams: [3, 12] },
  stud: { shape: 'stud', noun: 'Stud Earrings', section: 'earrings', sized: false, grams: [1, 5] },
  jhumka: { shape: 'jhumka', noun: 'Jhumkas', section: 'earrings', sized: false, grams: [6, 20] },
  'eangagement-ring': {
    shape: 'ring',
    noun: 'Engagement Ring',
    section: 'rings',
    sized: true,
    grams: [2, 7],
  },
  'pearl-ring': { shape: 'ring', noun: 'Pearl Ring', section: 'rings', sized: true, grams: [2, 6] },
  'bridal-ring': {
    shape: 'ring',
    noun: 'Bridal Ring',
    section: 'rings',
    sized: true,
    grams: [3, 9],
  },
  'couple-ring': {
    shape: 'ring',
    noun: 'Couple Rings',
    section: 'rings',
    sized: true,
    grams: [4, 12],
  },
};

const ADJECTIVES = [
  'Floral',
  'Regal',
  'Elegant',
  'Classic',
  'Radiant',
  'Lotus',
  'Paisley',
  'Peacock',
  'Heritage',
  'Celestial',
  'Minimal',
  'Twisted',
  'Royal',
  'Blossom',
  'Filigree',
  'Temple',
  'Starlit',
  'Vintage',
];

const METAL_WORD: Record<Metal, string> = {
  gold: 'Gold',
  silver: 'Sterling Silver',
  diamond: 'Diamond',
  platinum: 'Platinum',
  gemstone: 'Gemstone',
};

/** Rupees per gram, roughly, plus a making charge: keeps prices believable per metal. */
const PRICE_PER_GRAM: Record<Metal, [number, number]> = {
  gold: [6800, 8200],
  silver: [250, 600],
  diamond: [9000, 16000],
  platinum: [4200, 5600],
  gemstone: [3500, 9000],
};

const RING_SIZES = [14.1, 15.3, 16.52, 17.2, 18.1, 19];
const BANGLE_SIZES = [54, 57, 60, 64];

function finishFor(metal: Metal, color: string, rnd: Random): ArtFinish {
  if (metal === 'silver') return 'white';
  if (metal === 'platinum') return 'platinum';
  if (metal === 'diamond')
    return color.startsWith('rose') ? 'rose' : color.startsWith('white') ? 'white' : 'diamond';
  if (metal === 'gemstone') return rnd.pick(['ruby', 'emerald', 'sapphire'] as const);
  return color.startsWith('rose') ? 'rose' : color === 'white' ? 'white' : 'gold';
}

export interface SeedProduct {
  title: string;
  brand: string;
  color: string;
  price: number;
  discountedPrice: number;
  discountPercent: number;
  description: string;
  details: string;
  occasion: string;
  quantity: number;
  collectionName: string;
  type: Metal;
  topLevelCategory: Metal;
  secondLevelCategory: string;
  thirdLevelCategory: ThirdLevelCategory;
  imageUrls: string[];
  sizes: {
    weight: string;
    size: string;
    stock: number;
    net_weight?: number;
    price?: number;
    discounted_price?: number;
  }[];
  createdDaysAgo: number;
  /** Priced from the seed's rates; fixed-price pieces leave it out. */
  pricing?: SeedPricing;
}

export interface SeedPricing {
  metal: 'gold' | 'silver' | 'platinum';
  purity: string;
  makingKind: 'percent';
  makingValue: number;
  stones: number;
  makingDiscountPercent: number;
}

/** Net weights per kind: rings 2–8 g, earrings 2–10, chains and necklaces 8–40, bangles 10–30. */
const NET_GRAMS: Record<ItemKind['section'] | 'bangle' | 'chain', [number, number]> = {
  rings: [2, 8],
  earrings: [2, 10],
  nacklaces: [8, 40],
  other: [5, 18],
  bangle: [10, 30],
  chain: [8, 40],
};

export interface MetalPricingOptions {
  index: number;
  metal: Metal;
  third: ThirdLevelCategory;
  discount: number;
}

/**
 * Gold, silver, platinum and diamond pieces whose listing promises no offer are priced by metal:
 * purity by metal, making 8–25 %, stones on diamond pieces, the drawn discount on making only.
 */
function metalPricing({ index, metal, third, discount }: MetalPricingOptions) {
  if (metal === 'gemstone') return null;
  const rnd = createRandom(index * 104_729 + 3);
  const pricing: SeedPricing = {
    metal: metal === 'diamond' ? 'gold' : metal,
    purity:
      metal === 'silver'
        ? '925'
        : metal === 'platinum'
          ? '950'
          : metal === 'diamond' || index % 5 === 0
            ? '750'
            : '916',
    makingKind: 'percent',
    makingValue: rnd.int(8, 25),
    stones: metal === 'diamond' ? rnd.int(15, 150) * 1000 : 0,
    makingDiscountPercent: discount,
  };
  const kind = ITEMS[third];
  const [lo, hi] =
    third === 'bangle'
      ? NET_GRAMS.bangle
      : third === 'chain'
        ? NET_GRAMS.chain
        : NET_GRAMS[kind.section];
  const baseGrams = rnd.int(lo * 100, hi * 100) / 100;
  const price = (netWeight: number) =>
    sizePrices({
      ratePaise: seedRatePaise(pricing.metal, pricing.purity),
      netWeightMg: Math.round(netWeight * 1000),
      making: { kind: 'percent', hundredths: pricing.makingValue * 100 },
      stones: pricing.stones,
      makingDiscountBp: pricing.makingDiscountPercent * 100,
    });
  return { pricing, baseGrams, price };
}

export interface PromisedDiscountOptions {
  index: number;
  third: string;
  metal: Metal;
  occasion: string;
}

/**
 * The home page promises each offer's listing pieces at least that far off (shared's
 * HOME_OFFERS): every other product of such a listing (by metal cycle) is priced down to the
 * offer, so each listing holds pieces that honour it whatever the random discounts drew.
 */
function promisedDiscount({ index, third, metal, occasion }: PromisedDiscountOptions): number {
  if (Math.floor(index / (THIRD_LEVEL_CATEGORIES.length * METALS.length)) % 2 !== 0) return 0;
  const inListing = (offer: (typeof HOME_OFFERS)[number]) => {
    const filter = offerFilter(offer);
    return (
      (filter.category === 'jewellery' || resolveCategory(filter.category) === third) &&
      (filter.types.length === 0 || filter.types.includes(metal)) &&
      (filter.occasions.length === 0 || filter.occasions.includes(occasion))
    );
  };
  return Math.max(0, ...HOME_OFFERS.filter(inListing).map((offer) => offer.percent));
}

/** Product number `index` of the catalogue; the same index always yields the same product. */
export function buildProduct(index: number): SeedProduct {
  const rnd = createRandom(index * 7919 + 17);
  // Cycle the option lists so that every value of every list appears in the first few hundred.
  const third = THIRD_LEVEL_CATEGORIES[index % THIRD_LEVEL_CATEGORIES.length]!;
  const metal = METALS[Math.floor(index / THIRD_LEVEL_CATEGORIES.length) % METALS.length]!;
  const kind = ITEMS[third];
  const color = COLORS[(index * 3 + Math.floor(index / 7)) % COLORS.length]!;
  const occasion = OCCASIONS[(index + Math.floor(index / 17)) % OCCASIONS.length]!;
  const brand = BRANDS[(index * 5) % BRANDS.length]!;
  const collectionPick = index % 7;
  const collectionName = collectionPick < COLLECTIONS.length ? COLLECTIONS[collectionPick]! : brand;
  const section = index % 9 === 4 ? 'best-sellers' : index % 9 === 7 ? 'wedding' : kind.section;

  const adjective = rnd.pick(ADJECTIVES);
  const title = `${adjective} ${METAL_WORD[metal]} ${kind.noun}`;
  const baseGrams = rnd.int(kind.grams[0] * 10, kind.grams[1] * 10) / 10;
  const perGram = rnd.int(...PRICE_PER_GRAM[metal]);
  const price = Math.max(999, Math.round((baseGrams * perGram * 1.12) / 10) * 10);
  const drawn = rnd.pick([0, 5, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40]);
  const promised = promisedDiscount({ index, third, metal, occasion });
  const discount = Math.max(drawn, promised);
  // A promised discount rounds the price down, so the percent shown is never below the promise.
  const round = promised > drawn ? Math.floor : Math.round;
  const discountedPrice = Math.min(price, round((price * (100 - discount)) / 100 / 10) * 10);

  const rows = rnd.int(2, 3);
  const sizes: SeedProduct['sizes'] = Array.from({ length: rows }, (_, i) => {
    const grams = Number((baseGrams * (1 + i * 0.18)).toFixed(2));
    const size = kind.sized
      ? `${(third === 'bangle' ? BANGLE_SIZES : RING_SIZES)[(i + index) % (third === 'bangle' ? BANGLE_SIZES : RING_SIZES).length]} MM`
      : '';
    return { weight: `${grams} g`, size, stock: rnd.chance(0.08) ? 0 : rnd.int(2, 25) };
  });

  const metalPriced =
    promised === 0 ? metalPricing({ index, metal, third, discount: drawn }) : null;
  let pricing: SeedPricing | undefined;
  let listPrice = price;
  let salePrice = discountedPrice;
  if (metalPriced) {
    pricing = metalPriced.pricing;
    sizes.forEach((s, i) => {
      const net = Number((metalPriced.baseGrams * (1 + i * 0.12)).toFixed(3));
      const p = metalPriced.price(net);
      // The display weight is the gross weight: stones add a little to the metal.
      s.weight = `${Number((net * (metal === 'diamond' ? 1.04 : 1)).toFixed(2))} g`;
      Object.assign(s, { net_weight: net, price: p.price, discounted_price: p.discountedPrice });
    });
    listPrice = sizes[0]!.price!;
    salePrice = sizes[0]!.discounted_price!;
  }

  const finish = finishFor(metal, color, rnd);
  const imageUrls = [artUrl(kind.shape, finish, 'a'), artUrl(kind.shape, finish, 'b')];
  const occasionText = occasion.replace('traditional-ethenic', 'traditional and ethnic');
  return {
    title,
    brand,
    color,
    price: listPrice,
    discountedPrice: salePrice,
    discountPercent: percentOff(listPrice, salePrice),
    description: `A ${adjective.toLowerCase()} ${kind.noun.toLowerCase()} in ${METAL_WORD[metal].toLowerCase()} with a ${color.replace(/-/g, ' and ')} finish, made for ${occasionText} wear. Hallmarked and hand-finished by ${brand} artisans.`,
    details: `Metal: ${METAL_WORD[metal]}. Colour: ${color}. Gross weight from ${sizes[0]!.weight}. BIS hallmarked; certificate of authenticity included. Free insured delivery and 15-day exchange.`,
    occasion,
    quantity: sizes.reduce((sum, s) => sum + s.stock, 0),
    collectionName,
    type: metal,
    topLevelCategory: metal,
    secondLevelCategory: section,
    thirdLevelCategory: third,
    imageUrls,
    sizes,
    createdDaysAgo: (index * 13) % 120,
    pricing,
  };
}

export const SEED_PRODUCT_COUNT = 340;
