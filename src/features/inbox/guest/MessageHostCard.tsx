// "Message the host" on the guest journey page: the conversation with the host (the guest's
// messages and the replies, never internal notes) and a box to write. New replies arrive by
// polling while the card is open (the lean guest page has no realtime connection).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { GUEST_MESSAGE_MAX, guestMessageContract, guestThreadContract } from '@/lib/functions/inbox';
import { useTypedBeforeHydration } from '@/lib/useTypedBeforeHydration';
import type { JourneyCardProps } from '@/features/journey/cards';
import styles from '@/features/journey/journey.module.css';
import { callGuest } from './api';

const POLL_MS = 10_000;

interface GuestMessage {
  id: string;
  direction: 'incoming' | 'outgoing';
  body: string;
  sentAt: string;
}

export function MessageHostCard({ journeyId }: JourneyCardProps) {
  const { t } = useTranslation('inbox');
  const { locale } = useRouter();
  const [messages, setMessages] = useState<GuestMessage[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; key: string } | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  // The card is server-rendered and hydrates when its chunk arrives: take what the guest typed before.
  useTypedBeforeHydration(box, (typed) => {
    if (typed) setText(typed);
  });

  const load = useCallback(async () => {
    const result = await callGuest(guestThreadContract, { journeyId });
    if (result.ok) {
      setMessages(result.value.messages);
      setLoadError(false);
    } else setLoadError(true);
  }, [journeyId]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const send = async () => {
    const body = text.trim();
    if (!body) return setStatus({ error: true, key: 'guest.errors.empty' });
    if (body.length > GUEST_MESSAGE_MAX) return setStatus({ error: true, key: 'guest.errors.tooLong' });
    setBusy(true);
    setStatus(null);
    const result = await callGuest(guestMessageContract, { journeyId, body });
    setBusy(false);
    if (!result.ok) return setStatus({ error: true, key: result.messageKey });
    setText('');
    setStatus({ error: false, key: 'guest.sent' });
    setMessages((current) => [...(current ?? []), result.value.message]);
  };

  const when = (iso: string) => new Intl.DateTimeFormat(locale === 'hu' ? 'hu-HU' : 'en-GB', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

  return (
    <div className={styles.form}>
      <p className={styles.muted}>{t('guest.intro')}</p>
      {loadError ? (
        <p className={styles.error} role="alert">
          {t('guest.loadFailed')}
        </p>
      ) : null}
      {messages && messages.length === 0 ? <p className={styles.muted}>{t('guest.empty')}</p> : null}
      {messages && messages.length > 0 ? (
        <ol className={styles.guestList} aria-label={t('guest.title')} data-testid="guest-messages">
          {messages.map((m) => (
            <li key={m.id} data-direction={m.direction}>
              <strong>{m.direction === 'incoming' ? t('guest.you') : t('guest.host')}</strong> <span className={styles.muted}>{when(m.sentAt)}</span>
              <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '4px 0 0' }}>{m.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className={styles.field}>
          <span>{t('guest.placeholder')}</span>
          <textarea ref={box} value={text} onChange={(e) => setText(e.target.value)} rows={4} maxLength={GUEST_MESSAGE_MAX} />
        </label>
        {status ? (
          <p className={status.error ? styles.error : styles.success} role={status.error ? 'alert' : 'status'}>
            {t(status.key, { count: GUEST_MESSAGE_MAX })}
          </p>
        ) : null}
        <button className={styles.button} type="submit" disabled={busy}>
          {busy ? t('guest.sending') : t('guest.send')}
        </button>
      </form>
    </div>
  );
}
