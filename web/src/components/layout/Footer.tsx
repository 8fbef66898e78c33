import { Link } from '@tanstack/react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { listingLink } from './catalogue-links';
import { Logo } from './Logo';
import { useShopInfo } from './shop-info';

type FooterLink = { label: string } & (
  | { kind: 'account'; layout: 0 | 1 | 2 | 3 }
  | { kind: 'page'; slug: string }
  | { kind: 'anchor'; hash: string }
  | { kind: 'listing'; levels: [string, string, string] }
  | { kind: 'old-gold' }
);

const groups: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Information',
    links: [
      { label: 'About Us', kind: 'page', slug: 'about' },
      { label: 'Contact Us', kind: 'page', slug: 'contact' },
      { label: 'Shipping & Returns', kind: 'page', slug: 'shipping-returns' },
      { label: 'Privacy Policy', kind: 'page', slug: 'privacy' },
      { label: 'Terms of Use', kind: 'page', slug: 'terms' },
    ],
  },
  {
    title: 'Services',
    links: [
      { label: 'Best Sellers', kind: 'anchor', hash: 'best-of-kanak' },
      { label: 'Offers', kind: 'anchor', hash: 'offers-contest' },
      { label: 'Categories', kind: 'anchor', hash: 'categories' },
      { label: 'New Arrivals', kind: 'anchor', hash: 'new-arrivals' },
      { label: 'Recommended', kind: 'anchor', hash: 'reccomanded' },
      { label: 'Old Gold Exchange', kind: 'old-gold' },
    ],
  },
  {
    title: 'Quick Links',
    links: [
      {
        label: 'Gold Jewellery',
        kind: 'listing',
        levels: ['all-jewellery', 'jewellery-types', 'gold'],
      },
      {
        label: 'Diamond Jewellery',
        kind: 'listing',
        levels: ['all-jewellery', 'jewellery-types', 'diamond'],
      },
      { label: 'Wedding', kind: 'listing', levels: ['all-jewellery', 'occasion', 'bridal'] },
      { label: 'My Orders', kind: 'account', layout: 2 },
      { label: 'Wish List', kind: 'account', layout: 1 },
    ],
  },
];

const linkClass = 'text-primary-foreground/85 hover:text-primary-foreground hover:underline';

/** In-app navigation for a footer entry (no full page reload). */
function FooterEntry({ link }: { link: FooterLink }) {
  if (link.kind === 'account') {
    return (
      <Link to="/user-details" search={{ layout: link.layout }} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  // The policy pages are public: the same page for visitors and signed-in shoppers.
  if (link.kind === 'page') {
    return (
      <Link to="/pages/$slug" params={{ slug: link.slug }} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  if (link.kind === 'old-gold') {
    return (
      <Link to="/old-gold" className={linkClass}>
        {link.label}
      </Link>
    );
  }
  if (link.kind === 'anchor') {
    return (
      <Link to="/" hash={link.hash} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  return (
    <Link {...listingLink(...link.levels)} className={linkClass}>
      {link.label}
    </Link>
  );
}

/** The letters each social link shows (no brand artwork shipped). */
const SOCIAL_SHORT: Record<string, string> = {
  Instagram: 'IG',
  Facebook: 'FB',
  YouTube: 'YT',
  Pinterest: 'P',
  X: 'X',
};

export function Footer() {
  const support = useShopInfo();
  return (
    <footer className="mt-16 bg-primary text-primary-foreground" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2 space-y-4">
          <div className="rounded-md bg-background/95 inline-block px-3 py-2">
            <Logo />
          </div>
          <p className="max-w-sm text-sm text-primary-foreground/80">
            Hallmarked gold, certified diamonds and handcrafted silver since 1962. Free insured
            delivery across India.
          </p>
          <address className="not-italic space-y-2 text-sm text-primary-foreground/90">
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" />
              {support.address}
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4" />
              <a href={`tel:${support.phone.replace(/\s/g, '')}`} className="hover:underline">
                {support.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail className="size-4" />
              <a href={`mailto:${support.email}`} className="hover:underline">
                {support.email}
              </a>
            </p>
          </address>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-3 font-serif text-xl text-gold">{group.title}</h2>
            <ul className="space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  <FooterEntry link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-primary-foreground/15">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-xs text-primary-foreground/70 sm:flex-row">
          <p>
            © {new Date().getFullYear()} Kanak Jewellers. All prices in Indian rupees (₹), inclusive
            of taxes.
          </p>
          {/* Only the links the shop configured (SOCIAL_*_URL); none, no list. */}
          {support.social.length > 0 && (
            <ul className="flex gap-3" aria-label="Kanak Jewellers elsewhere">
              {support.social.map(({ name, url }) => (
                <li key={name}>
                  {/* Named "IG Instagram": the visible letters (what speech input users say) and the name. */}
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-8 items-center justify-center rounded-full border border-primary-foreground/30 text-[11px] font-semibold hover:bg-primary-foreground/10"
                  >
                    {SOCIAL_SHORT[name] ?? name.charAt(0)}
                    <span className="sr-only"> {name}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  );
}
