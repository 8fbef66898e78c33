import { getRouteApi } from '@tanstack/react-router';
import { AddressStep } from './AddressStep';
import { CheckoutSteps } from './CheckoutSteps';
import { SummaryStep } from './SummaryStep';

const route = getRouteApi('/checkout');

/** step=2 shows the address form; any other value the order summary for order_id (spec section 2). */
export function CheckoutPage() {
  const { step, order_id } = route.useSearch();
  const addressStep = step === 2;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="sr-only">Checkout</h1>
      <CheckoutSteps active={addressStep ? 1 : 2} />
      <div className="mt-10">
        {addressStep ? <AddressStep /> : <SummaryStep orderId={order_id} />}
      </div>
    </main>
  );
}
