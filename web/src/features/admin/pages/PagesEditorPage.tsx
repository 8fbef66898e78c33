import { useEffect, useState } from 'react';
import { PAGE_BODY_MAX_LENGTH, PAGE_TITLE_MAX_LENGTH, PLACEHOLDERS } from '@kanak/shared';
import type { AdminPageView, ShopFacts } from '@kanak/shared';
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';

/** One page's form: its title and its markdown-lite text, saved on their own. */
function PageForm({ page }: { page: AdminPageView }) {
  const utils = trpc.useUtils();
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body);
  useEffect(() => {
    setTitle(page.title);
    setBody(page.body);
  }, [page]);
  const save = trpc.pages.update.useMutation({
    onSuccess: (saved) => {
      toast.success(`${saved.title} saved`);
      void utils.pages.adminList.invalidate();
      void utils.pages.bySlug.invalidate({ slug: saved.slug });
    },
    onError: (error) => toast.error(errorMessage(error, 'The page was not saved')),
  });
  const changed = title !== page.title || body !== page.body;
  const id = `page-${page.slug}`;

  return (
    <form
      className="grid gap-3"
      aria-labelledby={`${id}-heading`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ slug: page.slug, page: { title, body } });
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl text-primary">
          {page.title}
        </h2>
        <Link
          to="/pages/$slug"
          params={{ slug: page.slug }}
          target="_blank"
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          View /pages/{page.slug}
        </Link>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={PAGE_TITLE_MAX_LENGTH}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-body`}>Text</Label>
        <Textarea
          id={`${id}-body`}
          value={body}
          rows={14}
          maxLength={PAGE_BODY_MAX_LENGTH}
          required
          className="font-mono text-sm field-sizing-fixed"
          onChange={(e) => setBody(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          {body.length.toLocaleString('en-IN')} / {PAGE_BODY_MAX_LENGTH.toLocaleString('en-IN')}{' '}
          characters
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!changed || save.isPending}
          onClick={() => {
            setTitle(page.title);
            setBody(page.body);
          }}
        >
          Discard changes
        </Button>
      </div>
    </form>
  );
}

function PlaceholderLegend({ facts }: { facts: ShopFacts }) {
  return (
    <Card>
      <CardContent className="space-y-3 text-sm">
        <h2 className="text-lg text-primary">How to write a page</h2>
        <p>
          A line starting <code>## </code> is a heading, lines starting <code>- </code> a list;
          leave a blank line between paragraphs. Markup is shown as plain text.
        </p>
        <p>These placeholders are replaced by the server&apos;s configuration when shown:</p>
        <dl className="grid gap-1">
          {PLACEHOLDERS.map((name) => (
            <div key={name} className="min-w-0">
              <dt>
                <code>{`{{${name}}}`}</code>
              </dt>
              <dd className="mb-1 break-words text-muted-foreground">{String(facts[name])}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** /admin/pages: the policy pages (Shipping & Returns, Privacy, Terms, About Us, Contact). */
export function PagesEditorPage() {
  const pages = trpc.pages.adminList.useQuery();
  return (
    <div>
      <PageHeader
        title="Shop Pages"
        description="Policy pages shoppers reach from the footer, public to everyone"
      />
      {pages.isError && (
        <p role="alert" className="text-destructive">
          {errorMessage(pages.error)}
        </p>
      )}
      {!pages.data ? (
        !pages.isError && <Skeleton className="h-96" />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
          <div className="grid gap-6">
            {pages.data.pages.map((page) => (
              <Card key={page.slug} data-testid={`page-editor-${page.slug}`}>
                <CardContent>
                  <PageForm page={page} />
                </CardContent>
              </Card>
            ))}
          </div>
          <div className="xl:sticky xl:top-4 xl:self-start">
            <PlaceholderLegend facts={pages.data.facts} />
          </div>
        </div>
      )}
    </div>
  );
}
