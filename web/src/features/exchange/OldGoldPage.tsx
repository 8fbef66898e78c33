import { useState } from 'react';
import { Coins } from 'lucide-react';
import {
  EXCHANGE_SLOT_DAYS_AHEAD,
  formatRupees,
  indiaDate,
  oldGoldPiece,
  purityLabel,
  PURITIES,
  type ExchangeEstimate,
  type ExchangeSlotWindow,
  type OldGoldPiece,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { SlotWindowOptions } from './SlotWindowOptions';
import { errorMessage } from '@/features/admin/shared/error-message';
import { useSession } from '@/features/session/use-session';
import { openAuthModal } from '@/features/session/session';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';

const METALS = [
  ['gold', 'Gold'],
  ['silver', 'Silver'],
  ['platinum', 'Platinum'],
] as const;

/**
 * /old-gold: what old jewellery is worth today (metal, karat, weights, or "I don't know" the net
 * weight), exchange and buyback side by side with the rule printed beside the figures; then a
 * pickup or store visit asked for (signed in).
 */
export function OldGoldPage() {
  const [metal, setMetal] = useState<'gold' | 'silver' | 'platinum'>('gold');
  const [purity, setPurity] = useState('916');
  const [gross, setGross] = useState('');
  const [net, setNet] = useState('');
  const [unknownNet, setUnknownNet] = useState(false);
  const parsed = oldGoldPiece.safeParse({
    metal,
    purity,
    ...(gross.trim() ? { grossWeight: gross } : {}),
    ...(!unknownNet && net.trim() ? { netWeight: net } : {}),
  });
  const piece: OldGoldPiece | null = parsed.success ? parsed.data : null;
  const estimate = trpc.exchange.estimate.useQuery(
    piece
      ? {
          metal: piece.metal,
          purity: piece.purity,
          ...(piece.netWeight !== null ? { netWeight: piece.netWeight } : {}),
          ...(piece.grossWeight !== null ? { grossWeight: piece.grossWeight } : {}),
        }
      : { metal, purity, netWeight: 1 },
    { enabled: piece !== null, retry: false },
  );
  const typed = gross.trim() !== '' || net.trim() !== '';
  const problem = !parsed.success && typed ? parsed.error.issues[0]?.message : null;

  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header className="space-y-2">
        <h1 className="flex items-center gap-2 text-4xl text-primary">
          <Coins className="size-8" aria-hidden /> Old gold exchange
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Bring your old jewellery towards a new piece, or sell it back. See what it is worth at
          today’s rate, then ask for an insured pickup or a visit to our store.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-2">
        <form
          className="space-y-4 rounded-xl border bg-card p-5 shadow-xs"
          aria-label="Old gold calculator"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1">
              <Label htmlFor="og-metal">Metal</Label>
              <NativeSelect
                id="og-metal"
                value={metal}
                onChange={(e) => {
                  const m = e.target.value as typeof metal;
                  setMetal(m);
                  setPurity(PURITIES.find((p) => p.metal === m)?.purity ?? '');
                }}
              >
                {METALS.map(([value, label]) => (
                  <NativeSelectOption key={value} value={value}>
                    {label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="og-purity">Karat / purity</Label>
              <NativeSelect
                id="og-purity"
                value={purity}
                onChange={(e) => setPurity(e.target.value)}
              >
                {PURITIES.filter((p) => p.metal === metal).map((p) => (
                  <NativeSelectOption key={p.purity} value={p.purity}>
                    {p.label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="og-gross">Gross weight (g)</Label>
              <Input
                id="og-gross"
                inputMode="decimal"
                value={gross}
                onChange={(e) => setGross(e.target.value)}
                placeholder="12.4"
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="og-net">Net weight (g)</Label>
              <Input
                id="og-net"
                inputMode="decimal"
                value={unknownNet ? '' : net}
                disabled={unknownNet}
                onChange={(e) => setNet(e.target.value)}
                placeholder="11.6"
              />
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="og-unknown"
              checked={unknownNet}
              onCheckedChange={(on) => setUnknownNet(on === true)}
            />
            <Label htmlFor="og-unknown" className="font-normal">
              I don’t know the net weight (estimate from the gross weight)
            </Label>
          </div>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </form>
        <EstimateCard
          estimate={piece ? (estimate.data ?? null) : null}
          error={estimate.isError ? errorMessage(estimate.error) : null}
        />
      </div>
      {/* Mounted throughout: pieces added to the request outlive the calculator's next figure. */}
      <RequestVisit piece={piece && estimate.data ? piece : null} />
    </main>
  );
}

function EstimateCard({
  estimate,
  error,
}: {
  estimate: ExchangeEstimate | null;
  error: string | null;
}) {
  return (
    <section
      className="space-y-4 rounded-xl border bg-secondary/40 p-5"
      aria-label="Today's value"
      data-testid="old-gold-estimate"
      aria-live="polite"
    >
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : !estimate ? (
        <p className="text-muted-foreground">
          Enter the weight to see today’s value. Making charges are never refunded: only the metal
          counts.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {estimate.netWeight} g at today’s rate of {formatRupees(estimate.ratePerGram)}/g · metal
            value {formatRupees(estimate.metalValue)}
          </p>
          <dl className="grid grid-cols-2 gap-4">
            <EstimateFigure
              label={`Exchange (${estimate.exchangePercent}%)`}
              value={estimate.exchangeValue}
              testId="exchange-value"
              use="towards new jewellery"
              primary
            />
            <EstimateFigure
              label={`Buyback (${estimate.buybackPercent}%)`}
              value={estimate.buybackValue}
              testId="buyback-value"
              use="paid to you"
            />
          </dl>
          {estimate.note && (
            <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              {estimate.note}
            </p>
          )}
          <p className="text-sm" data-testid="old-gold-rule">
            {estimate.rule}
          </p>
        </>
      )}
    </section>
  );
}

/** One of the two values of the old metal: what it is worth and what the money is for. */
function EstimateFigure({
  label,
  value,
  testId,
  use,
  primary,
}: {
  label: string;
  value: number;
  testId: string;
  use: string;
  primary?: boolean;
}) {
  return (
    <div className="rounded-lg bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('text-2xl font-semibold', primary && 'text-primary')} data-testid={testId}>
        {formatRupees(value)}
      </dd>
      <dd className="text-xs text-muted-foreground">{use}</dd>
    </div>
  );
}

/** A piece as the request sends it: only the weights the shopper gave. */
const pieceInput = (p: OldGoldPiece) => ({
  metal: p.metal,
  purity: p.purity,
  ...(p.netWeight !== null ? { netWeight: p.netWeight } : {}),
  ...(p.grossWeight !== null ? { grossWeight: p.grossWeight } : {}),
});

const pieceLine = (p: OldGoldPiece) =>
  `${purityLabel(p.metal, p.purity)} ${p.metal} · ${
    p.netWeight !== null ? `${p.netWeight} g net` : `${p.grossWeight} g gross`
  }`;

/** India's date, days from today: a slot can be booked from tomorrow to two weeks ahead. */
const indiaDayAhead = (days: number) => indiaDate(new Date(Date.now() + days * 86_400_000));

function RequestVisit({ piece }: { piece: OldGoldPiece | null }) {
  const { user, token } = useSession();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [visit, setVisit] = useState<'pickup' | 'store'>('store');
  const [pin, setPin] = useState('');
  const [address, setAddress] = useState('');
  const [date, setDate] = useState('');
  const [slotWindow, setSlotWindow] = useState<ExchangeSlotWindow | ''>('');
  // Pieces added so far; with none added, the request carries the calculator's piece.
  const [pieces, setPieces] = useState<OldGoldPiece[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const ask = trpc.exchange.request.useMutation({
    onSuccess: (r) =>
      setDone(
        `Request ${r.id.slice(0, 8).toUpperCase()} received for ${r.items.length} ${
          r.items.length === 1 ? 'piece' : 'pieces'
        }: ${
          r.visit === 'pickup'
            ? 'our insured courier comes at the slot you chose'
            : r.slot
              ? 'we expect you at the slot you chose'
              : 'we will call you to fix the visit'
        }. Estimate ${formatRupees(r.estimate)}. We have mailed you the details.`,
      ),
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (done)
    return (
      <p role="status" className="rounded-xl border bg-card p-5" data-testid="old-gold-requested">
        {done}
      </p>
    );
  const sending = pieces.length > 0 ? pieces : piece ? [piece] : [];
  return (
    <section
      className="space-y-4 rounded-xl border bg-card p-5 shadow-xs"
      aria-labelledby="og-visit"
    >
      <h2 id="og-visit" className="text-2xl">
        Request a pickup or a store visit
      </h2>
      {!token ? (
        <Button variant="outline" onClick={() => openAuthModal('login')}>
          Sign in to ask
        </Button>
      ) : (
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            ask.mutate({
              contactName: name || `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
              contactPhone: phone,
              visit,
              ...(visit === 'pickup' && pin.trim() ? { pin: pin.trim() } : {}),
              ...(visit === 'pickup' && address.trim() ? { address: address.trim() } : {}),
              ...(date && slotWindow ? { slot: { date, window: slotWindow } } : {}),
              items: sending.map(pieceInput),
            });
          }}
        >
          <div className="grid gap-2 sm:col-span-2" data-testid="old-gold-pieces">
            <p className="text-sm font-medium">Pieces in this request ({sending.length})</p>
            <ul className="grid gap-1 text-sm">
              {sending.map((p, i) => (
                <li key={i} className="flex items-center justify-between gap-2">
                  <span>{pieceLine(p)}</span>
                  {pieces.length > 0 && (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${pieceLine(p)}`}
                      onClick={() => setPieces((all) => all.filter((_, j) => j !== i))}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={!piece || sending.length >= 20}
                onClick={() => piece && setPieces((all) => [...all, piece])}
              >
                Add the piece above to the request
              </Button>
              <p className="mt-1 text-xs text-muted-foreground">
                Change the calculator above for the next piece, then add it here.
              </p>
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="og-name">Name</Label>
            <Input
              id="og-name"
              value={name}
              autoComplete="name"
              placeholder={user ? `${user.firstName} ${user.lastName}` : ''}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="og-phone">Mobile</Label>
            <Input
              id="og-phone"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98450 12345"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="og-visit-kind">How</Label>
            <NativeSelect
              id="og-visit-kind"
              value={visit}
              onChange={(e) => setVisit(e.target.value as typeof visit)}
            >
              <NativeSelectOption value="store">I will visit the store</NativeSelectOption>
              <NativeSelectOption value="pickup">Insured pickup from my home</NativeSelectOption>
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="og-date">
              {visit === 'pickup' ? 'Pickup day' : 'Visit day (optional)'}
            </Label>
            <Input
              id="og-date"
              type="date"
              min={indiaDayAhead(1)}
              max={indiaDayAhead(EXCHANGE_SLOT_DAYS_AHEAD)}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="og-window">Time</Label>
            <NativeSelect
              id="og-window"
              value={slotWindow}
              onChange={(e) => setSlotWindow(e.target.value as ExchangeSlotWindow | '')}
            >
              <NativeSelectOption value="">Choose a time</NativeSelectOption>
              <SlotWindowOptions />
            </NativeSelect>
          </div>
          {visit === 'pickup' && (
            <>
              <div className="grid gap-1 sm:col-span-2">
                <Label htmlFor="og-address">Pickup address</Label>
                <Textarea
                  id="og-address"
                  autoComplete="street-address"
                  placeholder="House, street, area, city"
                  value={address}
                  onChange={(e) => setAddress(e.target.value)}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="og-pin">PIN</Label>
                <Input
                  id="og-pin"
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="postal-code"
                  value={pin}
                  onChange={(e) => setPin(e.target.value)}
                />
              </div>
            </>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={ask.isPending || sending.length === 0}>
              Send request
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
