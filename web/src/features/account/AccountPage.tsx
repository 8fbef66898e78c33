import { getRouteApi, Link } from '@tanstack/react-router';
import { BookOpen, Heart, Package, Phone, PiggyBank, UserCircle } from 'lucide-react';
import { SchemesPanel } from '@/features/schemes/SchemesPanel';
import { cn } from '@/lib/utils';
import { AccountSecurity } from './AccountSecurity';
import { AccountTable } from './AccountTable';
import { ContactUs } from './ContactUs';
import { OrderHistory } from './OrderHistory';
import { PassbookPanel } from './PassbookPanel';
import { useSession } from '@/features/session/use-session';
import { WishlistGrid } from './WishlistGrid';

const route = getRouteApi('/user-details');
type AccountLayout = 0 | 1 | 2 | 3 | 4 | 5;

/** My Account: the profile, then password and devices. */
function MyAccount() {
  return (
    <>
      <AccountTable />
      <AccountSecurity />
    </>
  );
}

const LAYOUTS = [
  { label: 'My Account', icon: UserCircle, Panel: MyAccount },
  { label: 'Wish List', icon: Heart, Panel: WishlistGrid },
  { label: 'Order History', icon: Package, Panel: OrderHistory },
  { label: 'Contact us', icon: Phone, Panel: ContactUs },
  { label: 'Savings schemes', icon: PiggyBank, Panel: SchemesPanel },
  { label: 'Passbook', icon: BookOpen, Panel: PassbookPanel },
] as const;

/** /user-details?layout=0..5 (spec section 2; 4: savings schemes; 5: the passbook). */
export function AccountPage() {
  const { layout } = route.useSearch();
  const { user } = useSession();
  const { Panel } = LAYOUTS[layout];
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[15rem_1fr]">
      <aside className="min-w-0">
        <div className="mb-4 rounded-xl bg-primary p-5 text-primary-foreground">
          <p className="text-xs tracking-[0.2em] text-gold-ink uppercase">Welcome</p>
          <p className="font-serif text-2xl">{user ? `${user.firstName} ${user.lastName}` : '…'}</p>
        </div>
        <nav aria-label="Account sections">
          {/* Two by two on a phone: four labels never fit one 390 px row whole. */}
          <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
            {LAYOUTS.map(({ label, icon: Icon }, i) => (
              <li key={label}>
                <Link
                  to="/user-details"
                  search={{ layout: i as AccountLayout }}
                  aria-current={i === layout ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-lg px-3 py-2.5 text-sm whitespace-nowrap ring-1 ring-border transition md:ring-0',
                    i === layout
                      ? 'bg-secondary font-semibold text-primary'
                      : 'hover:bg-secondary/60',
                  )}
                >
                  <Icon className="size-4" /> {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <h1 className="sr-only">Your account</h1>
        <Panel />
      </div>
    </main>
  );
}
