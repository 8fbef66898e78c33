import { useState } from 'react';
import { cn } from '@/lib/utils';

export function Gallery({ images, title }: { images: { imageUrl: string }[]; title: string }) {
  const [active, setActive] = useState(0);
  const main = images[active] ?? images[0];
  return (
    <div className="flex flex-col-reverse gap-3 self-start md:flex-row lg:sticky lg:top-36">
      <div className="flex gap-3 md:flex-col" role="group" aria-label="Product images">
        {images.map((img, i) => (
          <button
            key={img.imageUrl + i}
            type="button"
            onClick={() => setActive(i)}
            aria-label={`Show image ${i + 1} of ${images.length}`}
            aria-pressed={i === active}
            className={cn(
              'size-20 overflow-hidden rounded-lg border-2 bg-secondary transition',
              i === active ? 'border-gold' : 'border-transparent opacity-70 hover:opacity-100',
            )}
          >
            {/* Low: React preloads it otherwise, ahead of the main image (the page's LCP). */}
            <img src={img.imageUrl} alt="" className="size-full object-cover" fetchPriority="low" />
          </button>
        ))}
      </div>
      {/* Full width before the image arrives: a shrink-to-fit box would start at 0 px and jump. */}
      <div className="group relative w-full min-w-0 flex-1 self-start overflow-hidden rounded-2xl border bg-secondary">
        <img
          src={main?.imageUrl}
          alt={title}
          width={640}
          height={640}
          // The page's largest paint: fetched first (React preloads it from the server's head).
          fetchPriority="high"
          className="aspect-square w-full object-cover transition duration-700 group-hover:scale-110"
        />
      </div>
    </div>
  );
}
