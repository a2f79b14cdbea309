import type { ComponentType, SVGProps } from 'react';
import { CardGrid } from './card-grid';
import { FeatureCard } from './feature-card';

const iconSize = { width: 24, height: 24 };

/** Cards with an icon, a title and a text, one per item; the texts come from the page's namespace by id. */
export function IconCardGrid<Id extends string>({
  items,
  texts,
  columns,
}: {
  items: readonly { id: Id; Icon: ComponentType<SVGProps<SVGSVGElement>> }[];
  texts: Record<Id, { title: string; text: string }>;
  columns?: 3 | 4;
}) {
  return (
    <CardGrid columns={columns}>
      {items.map(({ id, Icon }) => (
        <FeatureCard key={id} icon={<Icon {...iconSize} />} title={texts[id].title}>
          <p>{texts[id].text}</p>
        </FeatureCard>
      ))}
    </CardGrid>
  );
}
