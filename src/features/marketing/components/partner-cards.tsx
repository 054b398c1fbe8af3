import { PARTNERS } from '../content/partners';
import { Art } from './art';
import { CardGrid } from './card-grid';

/** Our partner certifications, each with its badge. */
export function PartnerCards() {
  return (
    <CardGrid
      columns={4}
      cards={PARTNERS.map((partner) => ({
        title: partner.name,
        text: partner.summary,
        media: <Art src={partner.image} width={72} height={72} />,
      }))}
    />
  );
}
