import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { trpc } from '@/lib/trpc';
import { RatingInput } from './RatingInput';

const route = getRouteApi('/product/$productId/ratrev');

/** /product/{id}/ratrev: the Ratings & Review dialog (500 wide, 3-row text, half-star rating). */
export function ReviewDialog() {
  const { productId } = route.useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [review, setReview] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = trpc.reviews.create.useMutation();
  const close = () =>
    void navigate({ to: '/product/$productId', params: { productId }, resetScroll: false });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!review.trim()) {
      setError('Review text is required');
      return;
    }
    try {
      await create.mutateAsync({ productId, review, rating });
      await Promise.all([
        utils.catalog.byId.invalidate({ productId }),
        utils.catalog.ratingSummary.invalidate({ productId }),
      ]);
      toast.success('Thank you for your review');
      close();
    } catch {
      toast.error(MESSAGES.reviewFailed);
    }
  };

  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && close()}
      className="sm:max-w-[500px]"
      titleClassName="text-primary"
      title="Ratings & Review"
      description="Tell other shoppers how this piece looks and feels."
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <RatingInput value={rating} onChange={setRating} />
        <div className="grid gap-1.5">
          <Label htmlFor="review-text">Your review</Label>
          <Textarea
            id="review-text"
            rows={3}
            required
            value={review}
            onChange={(e) => {
              setReview(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'review-error' : undefined}
            className="field-sizing-fixed"
          />
          {error && (
            <p id="review-error" role="alert" className="text-xs text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting…' : 'Submit'}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
