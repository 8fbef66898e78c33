import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import {
  Activity,
  BookOpen,
  Coins,
  FileText,
  LayoutDashboard,
  Mail,
  Menu,
  Package,
  PiggyBank,
  PlusCircle,
  RotateCcw,
  ShoppingCart,
  Users,
  X,
  Banknote,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Logo } from '@/components/layout/Logo';
import { Button } from '@/components/ui/button';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';

const MENU = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, exact: true },
  { to: '/admin/products', label: 'Products', icon: Package, exact: false },
  { to: '/admin/customers', label: 'Customers', icon: Users, exact: false },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart, exact: false },
  { to: '/admin/product/create', label: 'Add Product', icon: PlusCircle, exact: false },
  // Beyond the spec's menu: the policy pages the footer links to.
  { to: '/admin/pages', label: 'Pages', icon: FileText, exact: false },
  // The day's metal rates that price the catalogue.
  { to: '/admin/metal-rates', label: 'Metal rates', icon: Coins, exact: false },
  // Issues 24 and 25: the mails sent, and the health of what the shop runs on.
  { to: '/admin/messages', label: 'Messages', icon: Mail, exact: false },
  { to: '/admin/system', label: 'System', icon: Activity, exact: false },
  // The owner's books.
  { to: '/admin/reports', label: 'Reports', icon: BookOpen, exact: false },
  // Old gold brought in for exchange or buyback.
  { to: '/admin/exchange', label: 'Old gold', icon: Coins, exact: false },
  // Returns and exchanges: the count is of those not finished.
  { to: '/admin/returns', label: 'Returns', icon: RotateCcw, exact: false },
  // Monthly savings schemes, and the money held for customers.
  { to: '/admin/schemes', label: 'Schemes', icon: PiggyBank, exact: false },
  // The carrier's cash-on-delivery remittances.
  { to: '/admin/cod', label: 'COD remittances', icon: Banknote, exact: false },
] as const;

/**
 * The back office shell: a fixed left menu (about 15%) and the content (about 85%). It covers the
 * storefront chrome of the root layout; below md the menu collapses into a drawer.
 */
export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A menu choice on a tablet closes the drawer.
  useEffect(() => setMenuOpen(false), [pathname]);
  // A packing slip is a page to print: no menu, no fixed pane, the document's own scroll.
  if (pathname.endsWith('/slip')) return <Outlet />;

  return (
    <div className="fixed inset-0 z-40 flex bg-background" data-testid="admin-layout">
      <aside
        id="admin-menu"
        aria-label="Admin menu"
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r bg-card shadow-lg transition-[translate,visibility] duration-200',
          'md:visible md:static md:w-[15%] md:min-w-52 md:translate-x-0 md:shadow-none',
          // Closed, the drawer is also out of the tab order and the accessibility tree.
          menuOpen ? 'visible translate-x-0' : 'invisible -translate-x-full',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b px-4">
          <Logo className="[&_span_span]:hidden" />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Close admin menu"
            onClick={() => setMenuOpen(false)}
          >
            <X />
          </Button>
        </div>
        <nav className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            {MENU.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeOptions={{ exact: item.exact, includeSearch: false }}
                  className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-secondary data-[status=active]:bg-primary data-[status=active]:text-primary-foreground"
                >
                  <item.icon className="size-4" />
                  {item.label}
                  {item.to === '/admin/returns' && <OpenReturnsCount />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SignedInAdmin />
      </aside>
      {menuOpen && (
        <div
          className="fixed inset-0 z-40 bg-black/40 md:hidden"
          aria-hidden
          onClick={() => setMenuOpen(false)}
        />
      )}

      <div className="flex min-w-0 flex-1 flex-col overflow-y-auto md:w-[85%]" data-admin-scroll>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur md:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open admin menu"
            aria-controls="admin-menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu />
          </Button>
          <span className="font-serif text-xl font-semibold text-primary">Admin Panel</span>
        </header>
        <main className="flex-1 p-4 md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** How many returns wait on the shop or the carrier, beside "Returns" (none: nothing shown). */
function OpenReturnsCount() {
  const summary = trpc.returns.adminSummary.useQuery();
  const open = summary.data?.open ?? 0;
  if (!open) return null;
  return (
    <span
      className="ml-auto rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900 tabular-nums"
      aria-label={`${open} waiting`}
      data-testid="returns-waiting"
    >
      {open}
    </span>
  );
}

/** The signed-in admin's first-letter avatar and first and last name. */
function SignedInAdmin() {
  const me = trpc.users.me.useQuery();
  if (!me.data) return null;
  const { firstName, lastName, email } = me.data;
  return (
    <div className="flex items-center gap-3 border-t p-4" data-testid="admin-user">
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-serif text-lg font-bold text-primary-foreground"
        aria-hidden
      >
        {firstName.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{`${firstName} ${lastName}`}</p>
        <p className="truncate text-xs text-muted-foreground">{email}</p>
      </div>
    </div>
  );
}
