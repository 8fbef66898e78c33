/** A drawn empty jewellery box for the empty states (listing, cart, wishlist, orders). */
export function EmptyArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 180" className={className} role="img" aria-hidden="true">
      <defs>
        <linearGradient id="empty-box" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7a2b3d" />
          <stop offset="1" stopColor="#4a1222" />
        </linearGradient>
        <linearGradient id="empty-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset=".5" stopColor="#e0b43c" />
          <stop offset="1" stopColor="#9a6b12" />
        </linearGradient>
      </defs>
      <ellipse cx="120" cy="162" rx="88" ry="10" fill="#000" opacity=".08" />
      <path d="M50 70 L120 40 L190 70 L120 100 Z" fill="#8f3a4e" />
      <path d="M50 70 L120 100 L120 160 L50 130 Z" fill="url(#empty-box)" />
      <path d="M190 70 L120 100 L120 160 L190 130 Z" fill="#5e1a2c" />
      <path d="M50 70 L82 34 L150 10 L120 40 Z" fill="#a04a5e" opacity=".9" />
      <path d="M120 100 L120 160" stroke="url(#empty-gold)" strokeWidth="3" />
      <circle cx="168" cy="34" r="12" fill="none" stroke="url(#empty-gold)" strokeWidth="5" />
      <circle cx="160" cy="24" r="4" fill="#e8f4ff" />
    </svg>
  );
}
