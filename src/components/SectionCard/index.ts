export {
  SectionCard,
  type SectionCardProps,
  type SectionSort,
  type SortOption,
} from './SectionCard';
export { SECTION_VIEWS, sectionStorageKey, type SectionView } from './use-section-state';
