import { Mail, Phone } from 'lucide-react';
import { SUPPORT } from '@/components/layout/Footer';

export function ContactUs() {
  return (
    <section aria-labelledby="contact-title" className="space-y-4">
      <h2 id="contact-title" className="text-3xl text-primary">
        Contact us
      </h2>
      <p className="max-w-prose text-foreground/80">
        Questions about an order, sizing, hallmarking or an exchange? Our jewellery advisors are
        here from 10 am to 8 pm, every day.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <a
          href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`}
          className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:border-primary"
        >
          <Phone className="size-5 text-primary" />
          <span>
            <span className="block text-xs text-muted-foreground">Call us</span>
            {SUPPORT.phone}
          </span>
        </a>
        <a
          href={`mailto:${SUPPORT.email}`}
          className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:border-primary"
        >
          <Mail className="size-5 text-primary" />
          <span>
            <span className="block text-xs text-muted-foreground">Write to us</span>
            {SUPPORT.email}
          </span>
        </a>
      </div>
    </section>
  );
}
