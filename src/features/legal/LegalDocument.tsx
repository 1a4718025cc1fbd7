import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';

interface LegalText {
  title: string;
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const useStyles = makeStyles({
  root: {
    maxWidth: '760px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    lineHeight: tokens.lineHeightBase400,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalL },
  },
  updated: { color: tokens.colorNeutralForeground3 },
  section: { marginTop: tokens.spacingVerticalXL },
  nav: { display: 'flex', gap: tokens.spacingHorizontalL, marginTop: tokens.spacingVerticalXXL },
});

/** A legal text from locales/<language>/legal.json: title, date, introduction, sections. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const text = (
    document === 'privacy'
      ? t('legal:privacy', { returnObjects: true })
      : t('legal:terms', { returnObjects: true })
  ) as LegalText;

  return (
    <article className={styles.root}>
      <Text as="h1" size={800} weight="semibold" block>
        {text.title}
      </Text>
      <Text as="p" className={styles.updated} block>
        {text.updated}
      </Text>
      <Text as="p" block>
        {text.intro}
      </Text>
      {text.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <Text as="h2" size={500} weight="semibold" block>
            {section.heading}
          </Text>
          {section.paragraphs.map((paragraph) => (
            <Text as="p" key={paragraph} block>
              {paragraph}
            </Text>
          ))}
        </section>
      ))}
      <nav className={styles.nav} aria-label={t('legal:other_documents')}>
        {document === 'privacy' ? (
          <RouterLink to="/terms-of-use">{t('app:titles.terms_of_use')}</RouterLink>
        ) : (
          <RouterLink to="/privacy-policy">{t('app:titles.privacy_policy')}</RouterLink>
        )}
      </nav>
    </article>
  );
}
