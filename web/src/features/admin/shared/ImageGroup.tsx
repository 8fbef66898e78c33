import { cn } from '@/lib/utils';

/** Up to three overlapping thumbnails of an order's items (spec: Image column). */
export function ImageGroup({
  images,
  className,
}: {
  images: { src: string; alt: string }[];
  className?: string;
}) {
  const shown = images.slice(0, 3);
  return (
    <div className={cn('flex min-w-26 shrink-0 -space-x-3', className)}>
      {shown.map((image, i) => (
        <img
          key={`${image.src}-${i}`}
          src={image.src}
          alt={image.alt}
          width={40}
          height={40}
          loading="lazy"
          className="size-10 rounded-full border-2 border-card bg-secondary object-cover"
        />
      ))}
      {images.length > 3 && (
        <span className="flex size-10 items-center justify-center rounded-full border-2 border-card bg-secondary text-xs font-medium">
          +{images.length - 3}
        </span>
      )}
    </div>
  );
}

/** Thumbnails of an order: the copied image of each item (the product may have been deleted). */
export function orderImages(order: { orderItems: { imageUrl: string; title: string }[] }) {
  return order.orderItems.map((item) => ({ src: item.imageUrl, alt: item.title }));
}
