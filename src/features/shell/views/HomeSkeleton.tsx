// The signed-in home before its code, the session and the dashboard are there: the staff frame's
// skeleton with the dashboard's heading, in plain markup (the landing page's HTML carries it for
// every visitor, so it adds no MUI to their download). The heading is the largest text the home
// page ever shows a phone, so the first paint is the largest contentful paint (docs/performance.md).
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import styles from './HomeSkeleton.module.css';

/** Translation key of the dashboard's heading: the skeleton and the dashboard show the same one. */
export const HOME_HEADING_KEY = 'home.heading';

/** Bars standing for the content, as the staff frame's skeleton draws them (PageSkeleton's BARS), which follows. */
const BARS = [56, 40, 40, 40, 40, 40];

/** Class the home page's CSS shows the skeleton by (only while <html> has the stored-session class). */
export const HOME_SKELETON_CLASS = 'sd-home-skeleton';

export function HomeSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className={`${styles.frame} ${HOME_SKELETON_CLASS}`}>
      <header className={styles.bar}>
        <div className={styles.toolbar}>
          <div className={styles.menuPlace} />
          <NextLink className={styles.appName} href="/" prefetch={false}>
            {t('appName')}
          </NextLink>
        </div>
      </header>
      <main className={styles.main}>
        <div className={styles.toolbar} />
        <h1 className={styles.heading}>{t(HOME_HEADING_KEY)}</h1>
        <div className={styles.bars} role="progressbar" aria-label={t('loading')}>
          {BARS.map((height, i) => (
            <span key={i} style={{ height }} />
          ))}
        </div>
      </main>
    </div>
  );
}
