import { Heart, Search, ShoppingBag, User } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { CATALOGUE_MENU } from '@kanak/shared';
import { Logo } from './Logo';

/** Shell header; the storefront issue fills in search, menus, account and badges. */
export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <form role="search" className="ml-auto hidden flex-1 max-w-md md:flex" onSubmit={(e) => e.preventDefault()}>
          <label className="relative w-full">
            <span className="sr-only">Search jewellery</span>
            <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <input
              type="search"
              placeholder="Search for rings, earrings, gold…"
              className="h-10 w-full rounded-full border bg-card pl-9 pr-4 text-sm"
            />
          </label>
        </form>
        <nav className="ml-auto flex items-center gap-1 md:ml-0" aria-label="Account">
          <Link to="/" className="rounded-full p-2 hover:bg-secondary" aria-label="Account"><User className="size-5" /></Link>
          <Link to="/" className="rounded-full p-2 hover:bg-secondary" aria-label="Wishlist"><Heart className="size-5" /></Link>
          <Link to="/" className="rounded-full p-2 hover:bg-secondary" aria-label="Cart"><ShoppingBag className="size-5" /></Link>
        </nav>
      </div>
      <nav className="hidden border-t md:block" aria-label="Catalogue">
        <ul className="mx-auto flex max-w-7xl justify-center gap-8 px-4 py-2 text-sm font-medium uppercase tracking-wider">
          {CATALOGUE_MENU.map((top) => (
            <li key={top.id}>
              <a href={`/${top.id}/category/jewellery`} className="hover:text-primary">{top.name}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
