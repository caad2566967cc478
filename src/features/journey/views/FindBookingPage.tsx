// The find-booking page: the form alone, in the guest pages' frame.
import { useTranslation } from 'next-i18next/pages';
import { PageTitle } from '@/components/PageTitle';
import { FindBookingForm } from '../components/FindBookingForm';
import { LanguageButtons } from '../components/LanguageButtons';
import styles from '../journey.module.css';

export function FindBookingPage() {
  const { t } = useTranslation('journey');
  return (
    <main className={styles.page}>
      <PageTitle title={t('find.title')} />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <LanguageButtons />
      </header>
      <FindBookingForm base="journey" />
    </main>
  );
}
