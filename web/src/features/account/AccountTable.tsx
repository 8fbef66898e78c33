import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useSession } from '@/features/session/use-session';

/** My Account: read-only profile, a dash where a value is absent (spec section 2). */
export function AccountTable() {
  const { user } = useSession();
  if (!user) return <Skeleton className="h-80" />;
  const address = user.address[0];
  const rows: [string, string | null | undefined][] = [
    ['First Name', user.firstName],
    ['Last Name', user.lastName],
    ['Email', user.email],
    ['Mobile', user.mobile],
    ['Street', address?.streetAddress],
    ['City', address?.city],
    ['Zip', address?.zipCode],
    ['State', address?.state],
  ];
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title" className="mb-4 text-3xl text-primary">
        My Account
      </h2>
      <div className="rounded-xl border bg-card">
        <Table>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableHead scope="row" className="w-40 text-muted-foreground">
                  {label}
                </TableHead>
                <TableCell className="font-medium break-all whitespace-normal">
                  {value || '-'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
