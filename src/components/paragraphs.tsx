/** Running text made of several paragraphs. */
export function Paragraphs({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <div className={`max-w-3xl space-y-4 text-lg leading-relaxed text-ink-muted ${className}`}>
      {items.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
