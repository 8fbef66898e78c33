import { pageBlocks } from '@kanak/shared';

/**
 * A policy page's markdown-lite text as elements: headings, lists and paragraphs, every piece of
 * text a React text node (an admin's "<script>" stays visible text, never markup).
 */
export function PageText({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-foreground/85">
      {pageBlocks(text).map((block, i) => {
        if (block.kind === 'heading')
          return (
            <h2 key={i} className="pt-4 text-2xl text-primary">
              {block.text}
            </h2>
          );
        if (block.kind === 'list')
          return (
            <ul key={i} className="list-disc space-y-1.5 pl-6">
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}
