// The one catalogue behind the desktop mega-menu and the mobile drawer (spec section 2).

import {
  ALL_CATEGORIES,
  OCCASIONS,
  SHOP_CATEGORIES,
  type Metal,
  type ShopCategory,
  type ThirdLevelCategory,
} from './options';

export interface MenuSection {
  id: string;
  name: string;
  items: { id: string; name: string }[];
}
export interface MenuTop {
  id: string;
  name: string;
  sections: MenuSection[];
}

const label = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
const section = (id: string, name: string, items: readonly string[]): MenuSection => ({
  id,
  name,
  items: items.map((item) => ({ id: item, name: label(item) })),
});

// Every item that is also an option value comes from ./options, or is checked against it.
const sharedSections = [
  section('category', 'Category', [
    'bangle',
    'bracelet',
    'earring',
    'necklace',
    'ring',
  ] satisfies ShopCategory[]),
  section('earrings', 'Earrings', [
    'drop',
    'hoop',
    'jhumka',
    'stud',
  ] satisfies ThirdLevelCategory[]),
  // Not third-level values: the listing reads engagement and bridal as occasions.
  section('rings', 'Rings', ['engagement', 'pearl', 'bridal', 'couple']),
  section('necklaces', 'Necklaces', [
    'pendant',
    'mangal-sutra',
    'chain',
    'locket',
  ] satisfies ThirdLevelCategory[]),
];

// The metals in the menu's order, which is not METALS' (spec section 2); menu.test checks it names each.
const MENU_METALS = [
  'gold',
  'diamond',
  'silver',
  'platinum',
  'gemstone',
] as const satisfies readonly Metal[];

export const CATALOGUE_MENU: MenuTop[] = [
  {
    id: 'all-jewellery',
    name: 'All Jewellery',
    sections: [
      section('category', 'Category', [ALL_CATEGORIES, ...SHOP_CATEGORIES]),
      section('jewellery-types', 'Jewellery Types', MENU_METALS),
      section('occasion', 'Occasion', OCCASIONS),
    ],
  },
  { id: 'gold', name: 'Gold', sections: sharedSections },
  { id: 'diamond', name: 'Diamond', sections: sharedSections },
  { id: 'best-sellers', name: 'Best Sellers', sections: sharedSections },
  { id: 'wedding', name: 'Wedding', sections: sharedSections },
];

export const menuItemPath = (top: string, section: string, item: string) =>
  `/${top}/${section}/${item}`;

/** Every listing page of the menu, in menu order (an item under several tops once per top). */
export function* menuEntries(): Generator<{ id: string; name: string; path: string }> {
  for (const top of CATALOGUE_MENU)
    for (const section of top.sections)
      for (const item of section.items)
        yield { id: item.id, name: item.name, path: menuItemPath(top.id, section.id, item.id) };
}
