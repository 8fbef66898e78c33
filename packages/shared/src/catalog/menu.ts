// The one catalogue behind the desktop mega-menu and the mobile drawer (spec section 2).

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

const sharedSections = [
  section('category', 'Category', ['bangle', 'bracelet', 'earring', 'necklace', 'ring']),
  section('earrings', 'Earrings', ['drop', 'hoop', 'jhumka', 'stud']),
  section('rings', 'Rings', ['engagement', 'pearl', 'bridal', 'couple']),
  section('necklaces', 'Necklaces', ['pendant', 'mangal-sutra', 'chain', 'locket']),
];

export const CATALOGUE_MENU: MenuTop[] = [
  {
    id: 'all-jewellery',
    name: 'All Jewellery',
    sections: [
      section('category', 'Category', [
        'jewellery',
        'bangle',
        'bracelet',
        'earring',
        'pendant',
        'mangal-sutra',
        'chain',
        'necklace',
        'ring',
      ]),
      section('jewellery-types', 'Jewellery Types', [
        'gold',
        'diamond',
        'silver',
        'platinum',
        'gemstone',
      ]),
      section('occasion', 'Occasion', [
        'bridal',
        'casual',
        'engagement',
        'modern',
        'office',
        'traditional-ethenic',
      ]),
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
