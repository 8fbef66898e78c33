import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { checkPan, PanField } from '@/features/invoices/PanField';
import { useNavigate } from '@tanstack/react-router';
import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import {
  courierAddressInput,
  INDIAN_STATES,
  isPinShaped,
  needsPan,
  normaliseStateName,
  overCapMessage,
  pinStateProblem,
  promiseLine,
  unknownPinMessage,
  type AddressInput,
  type DeliveryPromiseView,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useSession } from '@/features/session/use-session';
import { PriceDetails } from '@/features/cart/PriceDetails';
import { useCart } from '@/features/cart/use-cart';
import { fieldAria, FormField } from '@/components/FormField';
import { trpc } from '@/lib/trpc';

type Field = {
  name: keyof AddressInput;
  label: string;
  autoComplete: string;
  wide?: boolean;
  /** Digits only: phones show the number pad. */
  numeric?: { type: 'text' | 'tel'; maxLength: number; placeholder: string };
};

const FIELDS: Field[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'streetAddress', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State/Province/Region', autoComplete: 'address-level1' },
  {
    name: 'zipCode',
    label: 'Zip / Postal code',
    autoComplete: 'postal-code',
    numeric: { type: 'text', maxLength: 6, placeholder: '6-digit PIN' },
  },
  {
    name: 'mobile',
    label: 'Phone Number',
    autoComplete: 'tel-national',
    numeric: { type: 'tel', maxLength: 16, placeholder: '10-digit mobile' },
  },
];

const EMPTY: AddressInput = {
  firstName: '',
  lastName: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  mobile: '',
};

/**
 * What the server would refuse of this address, from the delivery promise of its PIN (the same
 * rules and messages as core's checkDeliveryAddress and checkInsuredCap), or null.
 */
function deliveryProblem(
  address: AddressInput,
  promise: DeliveryPromiseView,
  orderRupees: number,
): { field: 'zipCode' | 'state'; message: string } | null {
  const pin = address.zipCode.trim();
  if (promise.state === null) return { field: 'zipCode', message: unknownPinMessage(pin) };
  const mismatch = pinStateProblem(pin, promise.states, address.state);
  if (mismatch) return { field: 'state', message: mismatch };
  if (!promise.serviceable) return { field: 'zipCode', message: promiseLine(promise) };
  if (!promise.withinCap && promise.zone !== null && promise.insuredCap !== null)
    return {
      field: 'zipCode',
      message: overCapMessage({
        pin,
        zoneLabel: promise.zone,
        capRupees: promise.insuredCap,
        orderRupees,
      }),
    };
  return null;
}

/**
 * Step 2: the delivery address, held to what a courier accepts (courierAddressInput: a 6-digit
 * PIN, an Indian mobile, a listed state; REST keeps the spec's lenient rules for other clients).
 * The PIN is checked as typed; a valid PIN fills the state from India Post's directory, offers its
 * district for the city without writing over it, and shows the delivery promise, or, when the
 * state chosen is not the PIN's, only the server's message saying so. Creating the order leads to step 3, its id in the URL so a reload resumes it.
 */
export function AddressStep() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { cart } = useCart();
  const utils = trpc.useUtils();
  // The server decides when an order empties the cart, so the cart (and its badge) is reloaded;
  // the order also saved its address, so the profile's address book is read again.
  const create = trpc.orders.create.useMutation({
    onSuccess: () => Promise.all([utils.cart.get.invalidate(), utils.users.me.invalidate()]),
  });
  const form = useForm<AddressInput>({
    resolver: standardSchemaResolver(courierAddressInput),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  // The delivery promise of the PIN being typed (GET /api/delivery/promise), for the cart's value.
  const orderRupees = cart?.totalDiscountedPrice ?? 0;
  const typedPin = form.watch('zipCode').trim();
  const promise = trpc.delivery.promise.useQuery(
    { pin: typedPin, value: orderRupees },
    { enabled: isPinShaped(typedPin), retry: false },
  );
  const current = isPinShaped(typedPin) && promise.data?.pin === typedPin ? promise.data : null;
  const filledFor = useRef('');
  useEffect(() => {
    if (!current || filledFor.current === current.pin) return;
    filledFor.current = current.pin;
    // A state the PIN is not in (or none yet) becomes the PIN's; the shopper may still change it.
    // The city is never written over: the directory knows the district, which is offered as a
    // choice under the field (Central Delhi is a district, not the city a courier writes).
    if (current.state && pinStateProblem(current.pin, current.states, form.getValues().state))
      form.setValue('state', current.state, { shouldValidate: true });
  }, [current, form]);
  // The PIN is checked as it is typed: a letter, or a sixth digit, shows its verdict at once.
  useEffect(() => {
    if (/\D/.test(typedPin) || typedPin.length >= 6) void form.trigger('zipCode');
    else if (form.getFieldState('zipCode').error) form.clearErrors('zipCode');
  }, [typedPin, form]);
  const typedState = form.watch('state');
  // A PIN and a state that disagree show only that: no delivery promise beside it.
  const stateMismatch = current ? pinStateProblem(current.pin, current.states, typedState) : null;

  // Above ₹2,00,000 the buyer's PAN goes with the order (PanField).
  const [pan, setPan] = useState('');
  const [panProblem, setPanProblem] = useState<string | null>(null);
  const panNeeded = needsPan(cart?.totalDiscountedPrice ?? 0);
  const placeOrder = async (address: AddressInput) => {
    const known = promise.data?.pin === address.zipCode.trim() ? promise.data : null;
    const problem = known && deliveryProblem(address, known, orderRupees);
    if (problem) return form.setError(problem.field, { message: problem.message });
    const checked = panNeeded ? checkPan(pan) : null;
    if (checked && 'problem' in checked) return setPanProblem(checked.problem);
    setPanProblem(null);
    try {
      const order = await create.mutateAsync(checked ? { ...address, pan: checked.pan } : address);
      await navigate({ to: '/checkout', search: { step: 3, order_id: order._id } });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not create the order');
    }
  };

  /** A saved address from before the courier rules goes into the form to be fixed first. */
  const deliverTo = (address: AddressInput) => {
    const checked = courierAddressInput.safeParse(address);
    if (checked.success) return void placeOrder(checked.data);
    form.reset({ ...address, state: normaliseStateName(address.state) });
    void form.trigger();
    toast.error('Please complete this address before delivering to it');
  };

  const saved = user?.address ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      {panNeeded && <PanField value={pan} problem={panProblem} onChange={setPan} />}
      <section aria-labelledby="saved-title" className="space-y-3">
        <h2 id="saved-title" className="text-2xl">
          Saved addresses
        </h2>
        {/* Only once the profile is read: while it loads, "none yet" would be untrue. */}
        {user && saved.length === 0 && (
          <p className="text-sm text-muted-foreground">
            Your delivery addresses will appear here after your first order.
          </p>
        )}
        <ul className="max-h-[28rem] space-y-3 overflow-y-auto pr-1">
          {saved.map((a) => (
            <li key={a._id} className="rounded-xl border bg-card p-4 text-sm">
              <p className="font-medium">
                {a.firstName} {a.lastName}
              </p>
              <p className="text-muted-foreground">
                {a.streetAddress}, {a.city}, {a.state} {a.zipCode}
              </p>
              <p className="text-muted-foreground">{a.mobile}</p>
              <div className="mt-3 flex gap-2">
                <Button size="sm" disabled={create.isPending} onClick={() => deliverTo({ ...a })}>
                  <MapPin /> Deliver Here
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => form.reset({ ...a, state: normaliseStateName(a.state) })}
                >
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {cart && cart.cartItems.length > 0 && (
          <div className="space-y-3 pt-4">
            <h2 className="text-2xl">Your order</h2>
            <ul className="space-y-2">
              {cart.cartItems.map((line) => (
                <li key={line._id} className="flex items-center gap-3 text-sm">
                  <img
                    src={line.product.imageUrls[0]?.imageUrl}
                    alt=""
                    className="size-12 rounded-md bg-secondary object-cover"
                  />
                  <span className="line-clamp-2 flex-1">{line.product.title}</span>
                  <span className="text-muted-foreground">×{line.quantity}</span>
                </li>
              ))}
            </ul>
            <PriceDetails
              totalPrice={cart.totalPrice}
              discount={cart.discount}
              totalDiscountedPrice={cart.totalDiscountedPrice}
            />
          </div>
        )}
      </section>
      <form
        onSubmit={form.handleSubmit(placeOrder)}
        noValidate
        className="rounded-xl border bg-card p-6 shadow-xs"
        aria-label="Delivery address"
      >
        <h2 className="text-2xl">Delivery address</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
              <FormField id={`address-${f.name}`} label={f.label} error={errors[f.name]?.message}>
                {f.name === 'state' ? (
                  <NativeSelect
                    {...fieldAria(`address-${f.name}`, errors[f.name]?.message)}
                    autoComplete={f.autoComplete}
                    required
                    {...form.register(f.name)}
                  >
                    <NativeSelectOption value="">Choose a state</NativeSelectOption>
                    {INDIAN_STATES.map((st) => (
                      <NativeSelectOption key={st.name} value={st.name}>
                        {st.name}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                ) : (
                  <Input
                    {...fieldAria(`address-${f.name}`, errors[f.name]?.message)}
                    autoComplete={f.autoComplete}
                    required
                    {...(f.name === 'city' && current?.district && { list: 'city-offers' })}
                    {...(f.numeric && {
                      type: f.numeric.type,
                      inputMode: 'numeric' as const,
                      maxLength: f.numeric.maxLength,
                      placeholder: f.numeric.placeholder,
                    })}
                    {...form.register(f.name)}
                  />
                )}
              </FormField>
            </div>
          ))}
        </div>
        {current?.district && (
          <datalist id="city-offers">
            <option value={current.district} />
          </datalist>
        )}
        {current && !errors.zipCode && stateMismatch && !errors.state && (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {stateMismatch}
          </p>
        )}
        {current && !errors.zipCode && !stateMismatch && (
          <p
            role="status"
            className={
              current.serviceable && current.withinCap
                ? 'mt-4 text-sm font-medium'
                : 'mt-4 text-sm text-destructive'
            }
          >
            {promiseLine(current)}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          className="mt-6 w-full sm:w-auto"
          disabled={isSubmitting || create.isPending}
        >
          {isSubmitting ? 'Saving…' : 'Deliver Here'}
        </Button>
      </form>
    </div>
  );
}
