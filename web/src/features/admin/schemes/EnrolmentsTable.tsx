import { formatRupees } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { errorMessage } from '../shared/error-message';
import type { BookEnrolment } from './scheme-book';

const STATE_BADGE: Record<BookEnrolment['state'], 'default' | 'secondary' | 'outline'> = {
  PENDING: 'outline',
  ACTIVE: 'secondary',
  MATURED: 'default',
  REDEEMED: 'outline',
  CLOSED: 'outline',
};

function DueCell({ e }: { e: BookEnrolment }) {
  if (!e.due) return <span className="text-muted-foreground">—</span>;
  return (
    <span className={cn(e.due.overdue && 'font-medium text-destructive')}>
      #{e.due.n} on {e.due.date}
      {e.due.overdue && <span className="block text-xs">overdue</span>}
    </span>
  );
}

function RemindButton({ e }: { e: BookEnrolment }) {
  const utils = trpc.useUtils();
  const remind = trpc.schemes.remind.useMutation({
    onSuccess: (answer) => {
      toast.success(`Reminder for instalment ${answer.n} queued to ${answer.recipient}`);
      void utils.notifications.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (e.state !== 'ACTIVE' || !e.due?.overdue) return null;
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={remind.isPending || remind.isSuccess}
      onClick={() => remind.mutate({ enrolmentId: e.id })}
      aria-label={`${remind.isSuccess ? 'Reminded' : 'Remind'} ${e.holderName} about instalment ${e.due.n}`}
    >
      {remind.isSuccess ? 'Reminded' : remind.isPending ? 'Sending…' : 'Remind'}
    </Button>
  );
}

/** The enrolments of the book: a table from 768 px, cards below. */
export function EnrolmentsTable({ enrolments }: { enrolments: BookEnrolment[] }) {
  return (
    <>
      <HeadedTable
        className="hidden md:table"
        data-testid="scheme-enrolments-table"
        heads={[
          'Customer',
          'Plan',
          figures('Instalment'),
          figures('Paid'),
          'Next due',
          'Matures',
          figures('Balance'),
          'State',
          { label: <span className="sr-only">Actions</span> },
        ]}
      >
        {enrolments.map((e) => (
          <TableRow key={e.id} data-testid="scheme-enrolment">
            <TableCell className="max-w-44">
              <span className="block truncate font-medium">{e.holderName}</span>
              <span className="block truncate text-xs text-muted-foreground" title={e.email}>
                {e.email}
              </span>
            </TableCell>
            <TableCell className="max-w-36">
              <span className="line-clamp-2" title={e.plan.name}>
                {e.plan.name}
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatRupees(e.instalment)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {e.paid.length}/{e.plan.instalments}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <DueCell e={e} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{e.maturesOn ?? '—'}</TableCell>
            <TableCell className="text-right tabular-nums">{formatRupees(e.balance)}</TableCell>
            <TableCell>
              <Badge variant={STATE_BADGE[e.state]}>{e.state.toLowerCase()}</Badge>
            </TableCell>
            <TableCell className="text-right">
              <RemindButton e={e} />
            </TableCell>
          </TableRow>
        ))}
      </HeadedTable>
      <ul className="space-y-3 md:hidden" data-testid="scheme-enrolments-cards">
        {enrolments.map((e) => (
          <li key={e.id} className="space-y-1 rounded-lg border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{e.holderName}</p>
                <p className="truncate text-xs text-muted-foreground">{e.email}</p>
              </div>
              <Badge variant={STATE_BADGE[e.state]}>{e.state.toLowerCase()}</Badge>
            </div>
            <p>
              {e.plan.name} · {formatRupees(e.instalment)}/month · paid {e.paid.length}/
              {e.plan.instalments}
            </p>
            <p>
              Next due: <DueCell e={e} />
            </p>
            <p>
              Matures {e.maturesOn ?? '—'} · balance {formatRupees(e.balance)}
            </p>
            <RemindButton e={e} />
          </li>
        ))}
      </ul>
    </>
  );
}
