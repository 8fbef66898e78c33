import { LogOut, Package, Phone, Shield, User, UserCircle } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  LabelledMenu,
} from '@/components/ui/dropdown-menu';
import { logout } from '@/features/session/login';
import type { useSession } from '@/features/session/use-session';

/** The signed-in shopper's menu: greeting and account links (Admin Panel for admins). */
export default function AccountDropdown({ user }: { user: ReturnType<typeof useSession>['user'] }) {
  return (
    <LabelledMenu
      className="w-60"
      labelClassName="font-normal"
      trigger={
        <button
          type="button"
          className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-secondary"
          aria-label="Account menu"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-primary font-serif text-base text-primary-foreground">
            {user?.firstName.charAt(0).toUpperCase() ?? <User className="size-4" />}
          </span>
          <span className="hidden text-sm font-medium xl:inline">{user?.firstName}</span>
        </button>
      }
      label={
        <>
          <p className="font-serif text-lg text-primary">Hello, {user?.firstName ?? 'there'}</p>
          <p className="truncate text-xs text-muted-foreground">{user?.email}</p>
        </>
      }
    >
      {user?.role === 'ADMIN' && (
        <DropdownMenuItem asChild>
          <a href="/admin">
            <Shield /> Admin Panel
          </a>
        </DropdownMenuItem>
      )}
      <DropdownMenuItem asChild>
        <Link to="/user-details" search={{ layout: 0 }}>
          <UserCircle /> My Account
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to="/user-details" search={{ layout: 2 }}>
          <Package /> Order History
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to="/user-details" search={{ layout: 3 }}>
          <Phone /> Contact Us
        </Link>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void logout()}>
        <LogOut /> Log out
      </DropdownMenuItem>
    </LabelledMenu>
  );
}
