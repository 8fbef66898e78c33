import { FileBadge } from 'lucide-react';
import type { ProductStoneView } from '@kanak/shared';

const LAB_NAMES: Record<string, string> = {
  IGI: 'International Gemological Institute (IGI)',
  GIA: 'Gemological Institute of America (GIA)',
  SGL: 'Solitaire Gemmological Laboratories (SGL)',
};

/** The product page's "Certificate" section: each stone, its origin and certificate. */
export function CertificateSection({ stones }: { stones: ProductStoneView[] | undefined }) {
  if (!stones?.length) return null;
  return (
    <section aria-labelledby="certificate-title" className="rounded-xl border bg-card p-5">
      <h2 id="certificate-title" className="flex items-center gap-2 text-2xl">
        <FileBadge className="size-5 text-gold" aria-hidden /> Certificate
      </h2>
      <ul className="mt-3 space-y-4">
        {stones.map((s, i) => (
          <li key={i} className="text-sm">
            <p className="font-medium">
              {s.count} {s.name}
              {s.count === 1 ? '' : 's'} · {s.carat} ct total
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Origin</dt>
                <dd>{s.origin === 'natural' ? 'Natural' : 'Laboratory-grown'}</dd>
              </div>
              {s.colour && (
                <div>
                  <dt className="text-muted-foreground">Colour</dt>
                  <dd>{s.colour}</dd>
                </div>
              )}
              {s.clarity && (
                <div>
                  <dt className="text-muted-foreground">Clarity</dt>
                  <dd>{s.clarity}</dd>
                </div>
              )}
              {s.cut && (
                <div>
                  <dt className="text-muted-foreground">Cut / shape</dt>
                  <dd>{s.cut}</dd>
                </div>
              )}
              {s.certificate && (
                <div className="col-span-2">
                  <dt className="text-muted-foreground">Certified by</dt>
                  <dd>
                    {LAB_NAMES[s.certificate.lab] ?? s.certificate.lab}, no.{' '}
                    {s.certificate.url ? (
                      <a
                        href={s.certificate.url}
                        target="_blank"
                        rel="noreferrer"
                        className="font-medium text-primary underline"
                      >
                        {s.certificate.number}
                      </a>
                    ) : (
                      s.certificate.number
                    )}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
