import { Mail, Phone } from 'lucide-react';
import { useShopInfo } from '@/components/layout/shop-info';

/** The spec's Contact us: help text, a phone number and a support e-mail (as configured). */
export function ContactUs({ titleLevel = 'h2' }: { titleLevel?: 'h1' | 'h2' }) {
  const support = useShopInfo();
  const Title = titleLevel;
  return (
    <section aria-labelledby="contact-title" className="space-y-4">
      <Title id="contact-title" className="text-3xl text-primary">
        Contact us
      </Title>
      <p className="max-w-prose text-foreground/80">
        Questions about an order, sizing, hallmarking or an exchange? Our jewellery advisors are
        here from 10 am to 8 pm, every day.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <a
          href={`tel:${support.phone.replace(/\s/g, '')}`}
          className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:border-primary"
        >
          <Phone className="size-5 text-primary" />
          <span>
            <span className="block text-xs text-muted-foreground">Call us</span>
            {support.phone}
          </span>
        </a>
        <a
          href={`mailto:${support.email}`}
          className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:border-primary"
        >
          <Mail className="size-5 text-primary" />
          <span>
            <span className="block text-xs text-muted-foreground">Write to us</span>
            {support.email}
          </span>
        </a>
      </div>
    </section>
  );
}
