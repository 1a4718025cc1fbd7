import { Section, type SectionProps } from '@/components/Section';

/** One titled block of a recruiting page (a level-3 heading under the page's own). */
export function Block(props: SectionProps) {
  return <Section {...props} layout="block" />;
}
