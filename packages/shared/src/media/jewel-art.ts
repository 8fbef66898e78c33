// Generated product drawings: the seed never fetches an image from the internet.
// Each name is "{shape}-{finish}-{view}.svg"; the server renders it on request.

export const ART_SHAPES = [
  'ring',
  'stud',
  'drop',
  'hoop',
  'jhumka',
  'necklace',
  'pendant',
  'chain',
  'bangle',
  'bracelet',
  'mangalsutra',
  'locket',
] as const;
export type ArtShape = (typeof ART_SHAPES)[number];

const FINISHES = {
  gold: { metal: ['#fff1b8', '#e0b43c', '#9a6b12'], stone: '#e8f4ff', bg: ['#fbf6ec', '#f1e4c8'] },
  rose: { metal: ['#ffe0d6', '#d8907a', '#8f4f3e'], stone: '#fff3f6', bg: ['#fbf1ee', '#efd8d0'] },
  white: { metal: ['#ffffff', '#c9ccd3', '#7d828c'], stone: '#e8f4ff', bg: ['#f4f5f8', '#dfe3ea'] },
  platinum: {
    metal: ['#fbfbfd', '#b8bcc6', '#6b707b'],
    stone: '#ddeeff',
    bg: ['#f0f2f5', '#d9dde5'],
  },
  diamond: {
    metal: ['#fff6d1', '#d9b45a', '#8e6a1e'],
    stone: '#f4fbff',
    bg: ['#f3f3f6', '#e2e0ea'],
  },
  ruby: { metal: ['#fff1b8', '#e0b43c', '#9a6b12'], stone: '#c2183a', bg: ['#fbf0ef', '#efd3d3'] },
  emerald: {
    metal: ['#fff1b8', '#e0b43c', '#9a6b12'],
    stone: '#128a5a',
    bg: ['#eef7f1', '#d3eadc'],
  },
  sapphire: {
    metal: ['#ffffff', '#c9ccd3', '#7d828c'],
    stone: '#1d4fb8',
    bg: ['#eef2fa', '#d3dcf0'],
  },
} as const;
export type ArtFinish = keyof typeof FINISHES;
export const ART_FINISHES = Object.keys(FINISHES) as ArtFinish[];

export const ART_NAME_PATTERN = new RegExp(
  `^(${ART_SHAPES.join('|')})-(${ART_FINISHES.join('|')})-(a|b)\\.svg$`,
);

const gem = (x: number, y: number, r: number) =>
  `<g transform="translate(${x} ${y})"><polygon points="0,${-r} ${r * 0.95},${-r * 0.3} ${r * 0.6},${r} ${-r * 0.6},${r} ${-r * 0.95},${-r * 0.3}" fill="url(#stone)" stroke="url(#metal)" stroke-width="${Math.max(1.5, r * 0.15)}"/><polygon points="0,${-r * 0.55} ${r * 0.45},${-r * 0.1} 0,${r * 0.5} ${-r * 0.45},${-r * 0.1}" fill="#fff" opacity=".55"/></g>`;

const bead = (x: number, y: number, r: number, fill = 'url(#metal)') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x - r * 0.35}" cy="${y - r * 0.35}" r="${r * 0.3}" fill="#fff" opacity=".6"/>`;

function necklaceCurve(n: number, from = 70, to = 330, depth = 190, top = 90) {
  const points: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const x = from + (to - from) * t;
    const y = top + depth * Math.sin(Math.PI * t);
    points.push([x, y]);
  }
  return points;
}

const SHAPES: Record<ArtShape, () => string> = {
  ring: () =>
    `<ellipse cx="200" cy="240" rx="95" ry="70" fill="none" stroke="url(#metal)" stroke-width="22"/>
     <ellipse cx="200" cy="240" rx="95" ry="70" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
     ${gem(200, 160, 34)}`,
  stud: () => `${gem(140, 200, 40)}${gem(260, 200, 40)}
     <circle cx="140" cy="200" r="52" fill="none" stroke="url(#metal)" stroke-width="8"/>
     <circle cx="260" cy="200" r="52" fill="none" stroke="url(#metal)" stroke-width="8"/>`,
  drop: () =>
    [130, 270]
      .map(
        (x) =>
          `<path d="M${x} 90 q 0 -20 15 -20" fill="none" stroke="url(#metal)" stroke-width="6"/>
           <line x1="${x}" y1="90" x2="${x}" y2="170" stroke="url(#metal)" stroke-width="5"/>
           <path d="M${x} 170 C ${x - 45} 240, ${x - 35} 300, ${x} 310 C ${x + 35} 300, ${x + 45} 240, ${x} 170 Z" fill="url(#stone)" stroke="url(#metal)" stroke-width="7"/>
           <path d="M${x - 12} 250 q 6 -30 14 -40" stroke="#fff" stroke-width="5" opacity=".55" fill="none"/>`,
      )
      .join(''),
  hoop: () =>
    `<circle cx="135" cy="210" r="75" fill="none" stroke="url(#metal)" stroke-width="16"/>
     <circle cx="265" cy="210" r="75" fill="none" stroke="url(#metal)" stroke-width="16"/>
     <circle cx="135" cy="210" r="75" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>
     <circle cx="265" cy="210" r="75" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`,
  jhumka: () =>
    [135, 265]
      .map(
        (x) =>
          `${gem(x, 95, 18)}<line x1="${x}" y1="113" x2="${x}" y2="150" stroke="url(#metal)" stroke-width="5"/>
           <path d="M${x - 60} 235 Q ${x - 55} 150 ${x} 150 Q ${x + 55} 150 ${x + 60} 235 Z" fill="url(#metal)"/>
           <path d="M${x - 40} 200 Q ${x} 175 ${x + 40} 200" stroke="#fff" stroke-opacity=".5" stroke-width="4" fill="none"/>
           ${[-48, -24, 0, 24, 48].map((d) => bead(x + d, 255, 8, 'url(#stone)')).join('')}`,
      )
      .join(''),
  necklace: () => {
    const pts = necklaceCurve(18);
    return `<path d="M${pts.map(([x, y]) => `${x} ${y}`).join(' L')}" fill="none" stroke="url(#metal)" stroke-width="6"/>
      ${pts
        .slice(2, -2)
        .map(([x, y], i) => (i % 2 ? bead(x, y, 9) : gem(x, y + 6, 13)))
        .join('')}
      ${gem(200, 305, 30)}`;
  },
  pendant: () =>
    `<path d="M90 70 L200 220 L310 70" fill="none" stroke="url(#metal)" stroke-width="5"/>
     <circle cx="200" cy="232" r="14" fill="none" stroke="url(#metal)" stroke-width="6"/>
     <path d="M200 246 L250 300 L200 350 L150 300 Z" fill="url(#stone)" stroke="url(#metal)" stroke-width="9"/>
     <path d="M200 262 L232 300 L200 334" stroke="#fff" stroke-width="3" opacity=".6" fill="none"/>`,
  chain: () =>
    necklaceCurve(26, 60, 340, 200, 80)
      .map(
        ([x, y], i) =>
          `<ellipse cx="${x}" cy="${y}" rx="11" ry="7" transform="rotate(${i % 2 ? 35 : -35} ${x} ${y})" fill="none" stroke="url(#metal)" stroke-width="5"/>`,
      )
      .join(''),
  bangle: () =>
    `<ellipse cx="200" cy="215" rx="130" ry="95" fill="none" stroke="url(#metal)" stroke-width="30"/>
     <ellipse cx="200" cy="215" rx="130" ry="95" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="5"/>
     ${[0, 1, 2, 3, 4, 5, 6, 7]
       .map((i) => {
         const a = (i / 8) * Math.PI * 2;
         return gem(200 + 130 * Math.cos(a), 215 + 95 * Math.sin(a), 9);
       })
       .join('')}`,
  bracelet: () =>
    Array.from({ length: 20 }, (_, i) => {
      const a = (i / 20) * Math.PI * 2;
      const x = 200 + 125 * Math.cos(a);
      const y = 215 + 85 * Math.sin(a);
      return i % 2 ? gem(x, y, 12) : bead(x, y, 10);
    }).join(''),
  mangalsutra: () => {
    const pts = necklaceCurve(30, 80, 320, 180, 80);
    return `${pts.map(([x, y], i) => bead(x, y, i % 3 ? 6 : 8, i % 3 ? '#1b1b1f' : 'url(#metal)')).join('')}
      <circle cx="200" cy="275" r="10" fill="none" stroke="url(#metal)" stroke-width="5"/>
      <path d="M160 290 Q 200 370 240 290 Z" fill="url(#metal)"/>${gem(200, 310, 12)}`;
  },
  locket: () =>
    `<path d="M95 70 Q 200 260 305 70" fill="none" stroke="url(#metal)" stroke-width="5"/>
     <circle cx="200" cy="200" r="10" fill="none" stroke="url(#metal)" stroke-width="5"/>
     <ellipse cx="200" cy="270" rx="55" ry="68" fill="url(#metal)"/>
     <ellipse cx="200" cy="270" rx="42" ry="54" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>
     ${gem(200, 270, 16)}`,
};

export function renderJewelArt(shape: ArtShape, finish: ArtFinish, view: 'a' | 'b'): string {
  const f = FINISHES[finish];
  const transform = view === 'b' ? 'rotate(-14 200 210) translate(0 10) scale(1.06)' : '';
  const bg = view === 'b' ? [f.bg[1], f.bg[0]] : f.bg;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${finish} ${shape}">
<defs>
<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></radialGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${f.metal[0]}"/><stop offset=".5" stop-color="${f.metal[1]}"/><stop offset="1" stop-color="${f.metal[2]}"/></linearGradient>
<radialGradient id="stone" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="#ffffff"/><stop offset=".45" stop-color="${f.stone}"/><stop offset="1" stop-color="${f.stone}" stop-opacity=".85"/></radialGradient>
</defs>
<rect width="400" height="400" fill="url(#bg)"/>
<ellipse cx="200" cy="365" rx="130" ry="12" fill="#000" opacity=".07"/>
<g transform="${transform}">${SHAPES[shape]()}</g>
</svg>`;
}

export function artUrl(shape: ArtShape, finish: ArtFinish, view: 'a' | 'b'): string {
  return `/media/art/${shape}-${finish}-${view}.svg`;
}

export function parseArtName(
  name: string,
): { shape: ArtShape; finish: ArtFinish; view: 'a' | 'b' } | null {
  const match = ART_NAME_PATTERN.exec(name);
  if (!match) return null;
  return {
    shape: match[1] as ArtShape,
    finish: match[2] as ArtFinish,
    view: match[3] as 'a' | 'b',
  };
}
